// Original file: proto/modelgate/billing/v1/redemption_service.proto

import type { Redemption as _modelgate_billing_v1_Redemption, Redemption__Output as _modelgate_billing_v1_Redemption__Output } from '../../../modelgate/billing/v1/Redemption';

/**
 * GetRedemptionResponse carries the code.
 */
export interface GetRedemptionResponse {
  /**
   * The code as stored.
   */
  'redemption'?: (_modelgate_billing_v1_Redemption | null);
}

/**
 * GetRedemptionResponse carries the code.
 */
export interface GetRedemptionResponse__Output {
  /**
   * The code as stored.
   */
  'redemption': (_modelgate_billing_v1_Redemption__Output | null);
}
