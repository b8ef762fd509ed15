// Original file: proto/modelgate/billing/v1/billing_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * RewardInviterRequest names the inviter and the reward.
 */
export interface RewardInviterRequest {
  /**
   * The inviting user.
   */
  'inviter_id'?: (number | string | Long);
  /**
   * Reward in quota units (QuotaForInviter).
   */
  'amount'?: (number | string | Long);
  /**
   * Content of the inviter's system log row, e.g. "邀请用户赠送 ＄0.200000 额度".
   */
  'log_content'?: (string);
}

/**
 * RewardInviterRequest names the inviter and the reward.
 */
export interface RewardInviterRequest__Output {
  /**
   * The inviting user.
   */
  'inviter_id': (string);
  /**
   * Reward in quota units (QuotaForInviter).
   */
  'amount': (string);
  /**
   * Content of the inviter's system log row, e.g. "邀请用户赠送 ＄0.200000 额度".
   */
  'log_content': (string);
}
