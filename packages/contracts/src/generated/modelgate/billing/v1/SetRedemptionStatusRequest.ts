// Original file: proto/modelgate/billing/v1/redemption_service.proto


/**
 * SetRedemptionStatusRequest enables or disables a code.
 */
export interface SetRedemptionStatusRequest {
  /**
   * The code's id.
   */
  'id'?: (number);
  /**
   * 1 to enable, 2 to disable.
   */
  'status'?: (number);
}

/**
 * SetRedemptionStatusRequest enables or disables a code.
 */
export interface SetRedemptionStatusRequest__Output {
  /**
   * The code's id.
   */
  'id': (number);
  /**
   * 1 to enable, 2 to disable.
   */
  'status': (number);
}
