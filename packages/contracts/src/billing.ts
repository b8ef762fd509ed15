// Billing: balances, logs, top-ups. Served by `services/billing`.
import { serviceContract } from './contract';
import type {
  BillingServiceClient,
  BillingServiceDefinition,
} from './generated/modelgate/billing/v1/BillingService';
import { loadProto } from './load';

/** `modelgate.billing.v1.BillingService`: its typed definition (servers) and client class (clients). */
export const billingContract = serviceContract<BillingServiceDefinition, BillingServiceClient>(
  loadProto('modelgate/billing/v1/billing_service.proto'),
  'modelgate.billing.v1.BillingService',
);

export type {
  BillingServiceClient,
  BillingServiceDefinition,
} from './generated/modelgate/billing/v1/BillingService';
// Message types: `X` is what a sender builds (optional fields, int64 as number | string | Long),
// `X__Output` is what a receiver gets (every field present, int64 as a decimal string).
export type {
  GetUserQuotaRequest,
  GetUserQuotaRequest__Output,
} from './generated/modelgate/billing/v1/GetUserQuotaRequest';
export type {
  GetUserQuotaResponse,
  GetUserQuotaResponse__Output,
} from './generated/modelgate/billing/v1/GetUserQuotaResponse';
export type {
  UserBalance,
  UserBalance__Output,
} from './generated/modelgate/billing/v1/UserBalance';
export type {
  TokenBalance,
  TokenBalance__Output,
} from './generated/modelgate/billing/v1/TokenBalance';
