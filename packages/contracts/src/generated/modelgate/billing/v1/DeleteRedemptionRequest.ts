// Original file: proto/modelgate/billing/v1/redemption_service.proto


/**
 * DeleteRedemptionRequest names the code.
 */
export interface DeleteRedemptionRequest {
  /**
   * The code's id.
   */
  'id'?: (number);
}

/**
 * DeleteRedemptionRequest names the code.
 */
export interface DeleteRedemptionRequest__Output {
  /**
   * The code's id.
   */
  'id': (number);
}
