// Original file: proto/modelgate/billing/v1/billing_service.proto


/**
 * RewardInviterResponse is empty: the reward was recorded.
 */
export interface RewardInviterResponse {
}

/**
 * RewardInviterResponse is empty: the reward was recorded.
 */
export interface RewardInviterResponse__Output {
}
