// Original file: proto/modelgate/billing/v1/usage_query_service.proto


/**
 * ListQuotaDataResponse carries the totals, oldest bucket first, as columns: row i is the i-th
 * value of every column, and all columns have the same length. Columns rather than one message
 * per row, and numbers as doubles: a month of hourly buckets is thousands of rows, and decoding a
 * message per row with its 64-bit integers as decimal strings cost the edge more CPU than the
 * query. The `/api` answer carries these numbers as JSON numbers, so a double loses nothing it
 * keeps (integers are exact up to 2^53).
 */
export interface ListQuotaDataResponse {
  /**
   * The user, when the totals are of one user; 0 when summed over every user.
   */
  'user_id'?: (number | string)[];
  /**
   * That user's name as the bucket recorded it; empty when summed over every user.
   */
  'username'?: (string)[];
  /**
   * The model.
   */
  'model_name'?: (string)[];
  /**
   * Unix seconds: start of the bucket.
   */
  'created_at'?: (number | string)[];
  /**
   * Prompt plus completion tokens.
   */
  'token_used'?: (number | string)[];
  /**
   * Requests.
   */
  'count'?: (number | string)[];
  /**
   * Quota units charged.
   */
  'quota'?: (number | string)[];
}

/**
 * ListQuotaDataResponse carries the totals, oldest bucket first, as columns: row i is the i-th
 * value of every column, and all columns have the same length. Columns rather than one message
 * per row, and numbers as doubles: a month of hourly buckets is thousands of rows, and decoding a
 * message per row with its 64-bit integers as decimal strings cost the edge more CPU than the
 * query. The `/api` answer carries these numbers as JSON numbers, so a double loses nothing it
 * keeps (integers are exact up to 2^53).
 */
export interface ListQuotaDataResponse__Output {
  /**
   * The user, when the totals are of one user; 0 when summed over every user.
   */
  'user_id': (number)[];
  /**
   * That user's name as the bucket recorded it; empty when summed over every user.
   */
  'username': (string)[];
  /**
   * The model.
   */
  'model_name': (string)[];
  /**
   * Unix seconds: start of the bucket.
   */
  'created_at': (number)[];
  /**
   * Prompt plus completion tokens.
   */
  'token_used': (number)[];
  /**
   * Requests.
   */
  'count': (number)[];
  /**
   * Quota units charged.
   */
  'quota': (number)[];
}
