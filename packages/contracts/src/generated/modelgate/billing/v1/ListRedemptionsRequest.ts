// Original file: proto/modelgate/billing/v1/redemption_service.proto


/**
 * ListRedemptionsRequest selects one page of codes.
 */
export interface ListRedemptionsRequest {
  /**
   * 1-based page number.
   */
  'page'?: (number);
  /**
   * Codes per page, 1 to 100.
   */
  'page_size'?: (number);
  /**
   * Empty for every code; else codes whose name starts with it (case-insensitively) or, when it is
   * a number, whose id is it.
   */
  'keyword'?: (string);
}

/**
 * ListRedemptionsRequest selects one page of codes.
 */
export interface ListRedemptionsRequest__Output {
  /**
   * 1-based page number.
   */
  'page': (number);
  /**
   * Codes per page, 1 to 100.
   */
  'page_size': (number);
  /**
   * Empty for every code; else codes whose name starts with it (case-insensitively) or, when it is
   * a number, whose id is it.
   */
  'keyword': (string);
}
