// Original file: proto/modelgate/billing/v1/usage_query_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * QuotaDataRow is the usage of one model in one bucket.
 */
export interface QuotaDataRow {
  /**
   * The user, when the totals are of one user; 0 when summed over every user.
   */
  'user_id'?: (number | string | Long);
  /**
   * That user's name; empty when summed over every user.
   */
  'username'?: (string);
  /**
   * The model.
   */
  'model_name'?: (string);
  /**
   * Unix seconds: start of the bucket.
   */
  'created_at'?: (number | string | Long);
  /**
   * Prompt plus completion tokens.
   */
  'token_used'?: (number | string | Long);
  /**
   * Requests.
   */
  'count'?: (number | string | Long);
  /**
   * Quota units charged.
   */
  'quota'?: (number | string | Long);
}

/**
 * QuotaDataRow is the usage of one model in one bucket.
 */
export interface QuotaDataRow__Output {
  /**
   * The user, when the totals are of one user; 0 when summed over every user.
   */
  'user_id': (string);
  /**
   * That user's name; empty when summed over every user.
   */
  'username': (string);
  /**
   * The model.
   */
  'model_name': (string);
  /**
   * Unix seconds: start of the bucket.
   */
  'created_at': (string);
  /**
   * Prompt plus completion tokens.
   */
  'token_used': (string);
  /**
   * Requests.
   */
  'count': (string);
  /**
   * Quota units charged.
   */
  'quota': (string);
}
