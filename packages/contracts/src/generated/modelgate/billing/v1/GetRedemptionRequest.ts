// Original file: proto/modelgate/billing/v1/redemption_service.proto


/**
 * GetRedemptionRequest names the code.
 */
export interface GetRedemptionRequest {
  /**
   * The code's id.
   */
  'id'?: (number);
}

/**
 * GetRedemptionRequest names the code.
 */
export interface GetRedemptionRequest__Output {
  /**
   * The code's id.
   */
  'id': (number);
}
