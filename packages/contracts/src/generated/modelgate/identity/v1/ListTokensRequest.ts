// Original file: proto/modelgate/identity/v1/token_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * ListTokensRequest selects one page of the user's tokens.
 */
export interface ListTokensRequest {
  /**
   * The signed-in user.
   */
  'user_id'?: (number | string | Long);
  /**
   * 0-based page number, at most 10 000 000.
   */
  'page'?: (number);
  /**
   * Tokens per page, 1 to 100.
   */
  'page_size'?: (number);
  /**
   * Empty for every token; else matched case-insensitively as a substring of the name.
   */
  'keyword'?: (string);
  /**
   * Empty for every token; else matched as a substring of the key (an `sk-` prefix is ignored).
   */
  'key'?: (string);
}

/**
 * ListTokensRequest selects one page of the user's tokens.
 */
export interface ListTokensRequest__Output {
  /**
   * The signed-in user.
   */
  'user_id': (string);
  /**
   * 0-based page number, at most 10 000 000.
   */
  'page': (number);
  /**
   * Tokens per page, 1 to 100.
   */
  'page_size': (number);
  /**
   * Empty for every token; else matched case-insensitively as a substring of the name.
   */
  'keyword': (string);
  /**
   * Empty for every token; else matched as a substring of the key (an `sk-` prefix is ignored).
   */
  'key': (string);
}
