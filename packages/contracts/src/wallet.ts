// Redemption codes and online top-up: the wallet side of billing. Served by `services/billing`
// next to `BillingService`.
import { serviceContract } from './contract';
import type {
  RedemptionServiceClient,
  RedemptionServiceDefinition,
} from './generated/modelgate/billing/v1/RedemptionService';
import type { WalletServiceClient, WalletServiceDefinition } from './generated/modelgate/billing/v1/WalletService';
import { loadProto } from './load';

/** `modelgate.billing.v1.RedemptionService`: admins managing redemption codes, users redeeming them. */
export const redemptionContract = serviceContract<RedemptionServiceDefinition, RedemptionServiceClient>(
  loadProto('modelgate/billing/v1/redemption_service.proto'),
  'modelgate.billing.v1.RedemptionService',
);

/** `modelgate.billing.v1.WalletService`: online top-up orders and the payment gateway's notices. */
export const walletContract = serviceContract<WalletServiceDefinition, WalletServiceClient>(
  loadProto('modelgate/billing/v1/wallet_service.proto'),
  'modelgate.billing.v1.WalletService',
);

export type {
  RedemptionServiceClient,
  RedemptionServiceDefinition,
} from './generated/modelgate/billing/v1/RedemptionService';
export type { WalletServiceClient, WalletServiceDefinition } from './generated/modelgate/billing/v1/WalletService';
// Message types: `X` is what a sender builds, `X__Output` what a receiver gets (int64 as strings).
export type { Redemption, Redemption__Output } from './generated/modelgate/billing/v1/Redemption';
export type {
  ListRedemptionsResponse,
  ListRedemptionsResponse__Output,
} from './generated/modelgate/billing/v1/ListRedemptionsResponse';
export type {
  CreateTopUpOrderResponse,
  CreateTopUpOrderResponse__Output,
} from './generated/modelgate/billing/v1/CreateTopUpOrderResponse';
export type {
  HandlePaymentNoticeResponse,
  HandlePaymentNoticeResponse__Output,
} from './generated/modelgate/billing/v1/HandlePaymentNoticeResponse';
