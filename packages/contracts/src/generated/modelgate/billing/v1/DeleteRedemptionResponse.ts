// Original file: proto/modelgate/billing/v1/redemption_service.proto


/**
 * DeleteRedemptionResponse is empty: the code is gone.
 */
export interface DeleteRedemptionResponse {
}

/**
 * DeleteRedemptionResponse is empty: the code is gone.
 */
export interface DeleteRedemptionResponse__Output {
}
