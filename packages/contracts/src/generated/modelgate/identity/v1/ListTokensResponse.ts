// Original file: proto/modelgate/identity/v1/token_service.proto

import type { Token as _modelgate_identity_v1_Token, Token__Output as _modelgate_identity_v1_Token__Output } from '../../../modelgate/identity/v1/Token';
import type { Long } from '@grpc/proto-loader';

/**
 * ListTokensResponse is one page of tokens and the number matching in all.
 */
export interface ListTokensResponse {
  /**
   * The tokens of the page, highest id first.
   */
  'items'?: (_modelgate_identity_v1_Token)[];
  /**
   * Tokens matching the filters on every page.
   */
  'total'?: (number | string | Long);
  /**
   * The page returned (0-based).
   */
  'page'?: (number);
  /**
   * The page size used.
   */
  'page_size'?: (number);
}

/**
 * ListTokensResponse is one page of tokens and the number matching in all.
 */
export interface ListTokensResponse__Output {
  /**
   * The tokens of the page, highest id first.
   */
  'items': (_modelgate_identity_v1_Token__Output)[];
  /**
   * Tokens matching the filters on every page.
   */
  'total': (string);
  /**
   * The page returned (0-based).
   */
  'page': (number);
  /**
   * The page size used.
   */
  'page_size': (number);
}
