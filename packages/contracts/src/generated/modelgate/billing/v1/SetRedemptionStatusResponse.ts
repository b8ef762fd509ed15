// Original file: proto/modelgate/billing/v1/redemption_service.proto

import type { Redemption as _modelgate_billing_v1_Redemption, Redemption__Output as _modelgate_billing_v1_Redemption__Output } from '../../../modelgate/billing/v1/Redemption';

/**
 * SetRedemptionStatusResponse carries the code after the change.
 */
export interface SetRedemptionStatusResponse {
  /**
   * The code as stored now.
   */
  'redemption'?: (_modelgate_billing_v1_Redemption | null);
}

/**
 * SetRedemptionStatusResponse carries the code after the change.
 */
export interface SetRedemptionStatusResponse__Output {
  /**
   * The code as stored now.
   */
  'redemption': (_modelgate_billing_v1_Redemption__Output | null);
}
