// Original file: proto/modelgate/billing/v1/redemption_service.proto


/**
 * CreateRedemptionsResponse carries the new keys.
 */
export interface CreateRedemptionsResponse {
  /**
   * The keys of the new codes, in creation order.
   */
  'keys'?: (string)[];
}

/**
 * CreateRedemptionsResponse carries the new keys.
 */
export interface CreateRedemptionsResponse__Output {
  /**
   * The keys of the new codes, in creation order.
   */
  'keys': (string)[];
}
