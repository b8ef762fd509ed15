// Usage queries: logs, their statistics, dashboard totals and the public price list. Served by
// `services/billing` next to `BillingService`.
import { serviceContract } from './contract';
import type {
  UsageQueryServiceClient,
  UsageQueryServiceDefinition,
} from './generated/modelgate/billing/v1/UsageQueryService';
import { loadProto } from './load';

/** `modelgate.billing.v1.UsageQueryService`: what billing recorded, read back for the console. */
export const usageQueryContract = serviceContract<UsageQueryServiceDefinition, UsageQueryServiceClient>(
  loadProto('modelgate/billing/v1/usage_query_service.proto'),
  'modelgate.billing.v1.UsageQueryService',
);

export type {
  UsageQueryServiceClient,
  UsageQueryServiceDefinition,
} from './generated/modelgate/billing/v1/UsageQueryService';
// Message types: `X` is what a sender builds, `X__Output` what a receiver gets (int64 as strings).
export type { QueryCaller, QueryCaller__Output } from './generated/modelgate/billing/v1/QueryCaller';
export type { LogFilter, LogFilter__Output } from './generated/modelgate/billing/v1/LogFilter';
export type { LogEntry, LogEntry__Output } from './generated/modelgate/billing/v1/LogEntry';
export type { ListLogsRequest, ListLogsRequest__Output } from './generated/modelgate/billing/v1/ListLogsRequest';
export type { ListLogsResponse, ListLogsResponse__Output } from './generated/modelgate/billing/v1/ListLogsResponse';
export type { LogStatsRequest, LogStatsRequest__Output } from './generated/modelgate/billing/v1/LogStatsRequest';
export type { LogStatsResponse, LogStatsResponse__Output } from './generated/modelgate/billing/v1/LogStatsResponse';
export type {
  ListQuotaDataRequest,
  ListQuotaDataRequest__Output,
} from './generated/modelgate/billing/v1/ListQuotaDataRequest';
export type {
  ListQuotaDataResponse,
  ListQuotaDataResponse__Output,
} from './generated/modelgate/billing/v1/ListQuotaDataResponse';
export type { GetPricingRequest, GetPricingRequest__Output } from './generated/modelgate/billing/v1/GetPricingRequest';
export type { GetPricingResponse, GetPricingResponse__Output } from './generated/modelgate/billing/v1/GetPricingResponse';
export type { PricingRow, PricingRow__Output } from './generated/modelgate/billing/v1/PricingRow';
