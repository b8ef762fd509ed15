// Original file: proto/modelgate/billing/v1/usage_query_service.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GetPricingRequest as _modelgate_billing_v1_GetPricingRequest, GetPricingRequest__Output as _modelgate_billing_v1_GetPricingRequest__Output } from '../../../modelgate/billing/v1/GetPricingRequest';
import type { GetPricingResponse as _modelgate_billing_v1_GetPricingResponse, GetPricingResponse__Output as _modelgate_billing_v1_GetPricingResponse__Output } from '../../../modelgate/billing/v1/GetPricingResponse';
import type { ListLogsRequest as _modelgate_billing_v1_ListLogsRequest, ListLogsRequest__Output as _modelgate_billing_v1_ListLogsRequest__Output } from '../../../modelgate/billing/v1/ListLogsRequest';
import type { ListLogsResponse as _modelgate_billing_v1_ListLogsResponse, ListLogsResponse__Output as _modelgate_billing_v1_ListLogsResponse__Output } from '../../../modelgate/billing/v1/ListLogsResponse';
import type { ListQuotaDataRequest as _modelgate_billing_v1_ListQuotaDataRequest, ListQuotaDataRequest__Output as _modelgate_billing_v1_ListQuotaDataRequest__Output } from '../../../modelgate/billing/v1/ListQuotaDataRequest';
import type { ListQuotaDataResponse as _modelgate_billing_v1_ListQuotaDataResponse, ListQuotaDataResponse__Output as _modelgate_billing_v1_ListQuotaDataResponse__Output } from '../../../modelgate/billing/v1/ListQuotaDataResponse';
import type { LogStatsRequest as _modelgate_billing_v1_LogStatsRequest, LogStatsRequest__Output as _modelgate_billing_v1_LogStatsRequest__Output } from '../../../modelgate/billing/v1/LogStatsRequest';
import type { LogStatsResponse as _modelgate_billing_v1_LogStatsResponse, LogStatsResponse__Output as _modelgate_billing_v1_LogStatsResponse__Output } from '../../../modelgate/billing/v1/LogStatsResponse';

/**
 * UsageQueryService answers the console's questions about usage and prices. Every log and
 * dashboard request names its caller; billing scopes the answer itself: a `self` request only
 * ever sees the caller's own rows, without admin-only fields (channel, channel name,
 * `other.admin_info`, the global row id), and a request that is not `self` is refused with
 * PERMISSION_DENIED unless the caller is an admin (role 10 or above). Malformed filters are
 * INVALID_ARGUMENT with the message the console shows.
 */
export interface UsageQueryServiceClient extends grpc.Client {
  /**
   * GetPricing lists every model served by an enabled channel with its prices, and the group
   * ratios and groups the caller may use (the default group's when anonymous).
   */
  GetPricing(argument: _modelgate_billing_v1_GetPricingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_GetPricingResponse__Output>): grpc.ClientUnaryCall;
  GetPricing(argument: _modelgate_billing_v1_GetPricingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_GetPricingResponse__Output>): grpc.ClientUnaryCall;
  GetPricing(argument: _modelgate_billing_v1_GetPricingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_GetPricingResponse__Output>): grpc.ClientUnaryCall;
  GetPricing(argument: _modelgate_billing_v1_GetPricingRequest, callback: grpc.requestCallback<_modelgate_billing_v1_GetPricingResponse__Output>): grpc.ClientUnaryCall;
  /**
   * GetPricing lists every model served by an enabled channel with its prices, and the group
   * ratios and groups the caller may use (the default group's when anonymous).
   */
  getPricing(argument: _modelgate_billing_v1_GetPricingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_GetPricingResponse__Output>): grpc.ClientUnaryCall;
  getPricing(argument: _modelgate_billing_v1_GetPricingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_GetPricingResponse__Output>): grpc.ClientUnaryCall;
  getPricing(argument: _modelgate_billing_v1_GetPricingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_GetPricingResponse__Output>): grpc.ClientUnaryCall;
  getPricing(argument: _modelgate_billing_v1_GetPricingRequest, callback: grpc.requestCallback<_modelgate_billing_v1_GetPricingResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * ListLogs pages over log rows matching the filters, newest first.
   */
  ListLogs(argument: _modelgate_billing_v1_ListLogsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_ListLogsResponse__Output>): grpc.ClientUnaryCall;
  ListLogs(argument: _modelgate_billing_v1_ListLogsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_ListLogsResponse__Output>): grpc.ClientUnaryCall;
  ListLogs(argument: _modelgate_billing_v1_ListLogsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_ListLogsResponse__Output>): grpc.ClientUnaryCall;
  ListLogs(argument: _modelgate_billing_v1_ListLogsRequest, callback: grpc.requestCallback<_modelgate_billing_v1_ListLogsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * ListLogs pages over log rows matching the filters, newest first.
   */
  listLogs(argument: _modelgate_billing_v1_ListLogsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_ListLogsResponse__Output>): grpc.ClientUnaryCall;
  listLogs(argument: _modelgate_billing_v1_ListLogsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_ListLogsResponse__Output>): grpc.ClientUnaryCall;
  listLogs(argument: _modelgate_billing_v1_ListLogsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_ListLogsResponse__Output>): grpc.ClientUnaryCall;
  listLogs(argument: _modelgate_billing_v1_ListLogsRequest, callback: grpc.requestCallback<_modelgate_billing_v1_ListLogsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * ListQuotaData returns the dashboard totals per model and hour, day or week.
   * INVALID_ARGUMENT when a `self` request spans more than one month ("时间跨度不能超过 1 个月")
   * or the granularity is unknown.
   */
  ListQuotaData(argument: _modelgate_billing_v1_ListQuotaDataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_ListQuotaDataResponse__Output>): grpc.ClientUnaryCall;
  ListQuotaData(argument: _modelgate_billing_v1_ListQuotaDataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_ListQuotaDataResponse__Output>): grpc.ClientUnaryCall;
  ListQuotaData(argument: _modelgate_billing_v1_ListQuotaDataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_ListQuotaDataResponse__Output>): grpc.ClientUnaryCall;
  ListQuotaData(argument: _modelgate_billing_v1_ListQuotaDataRequest, callback: grpc.requestCallback<_modelgate_billing_v1_ListQuotaDataResponse__Output>): grpc.ClientUnaryCall;
  /**
   * ListQuotaData returns the dashboard totals per model and hour, day or week.
   * INVALID_ARGUMENT when a `self` request spans more than one month ("时间跨度不能超过 1 个月")
   * or the granularity is unknown.
   */
  listQuotaData(argument: _modelgate_billing_v1_ListQuotaDataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_ListQuotaDataResponse__Output>): grpc.ClientUnaryCall;
  listQuotaData(argument: _modelgate_billing_v1_ListQuotaDataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_ListQuotaDataResponse__Output>): grpc.ClientUnaryCall;
  listQuotaData(argument: _modelgate_billing_v1_ListQuotaDataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_ListQuotaDataResponse__Output>): grpc.ClientUnaryCall;
  listQuotaData(argument: _modelgate_billing_v1_ListQuotaDataRequest, callback: grpc.requestCallback<_modelgate_billing_v1_ListQuotaDataResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * LogStats sums the quota of the consumption rows matching the filters and counts the
   * requests (rpm) and tokens (tpm) of those created in the last 60 seconds.
   */
  LogStats(argument: _modelgate_billing_v1_LogStatsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_LogStatsResponse__Output>): grpc.ClientUnaryCall;
  LogStats(argument: _modelgate_billing_v1_LogStatsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_LogStatsResponse__Output>): grpc.ClientUnaryCall;
  LogStats(argument: _modelgate_billing_v1_LogStatsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_LogStatsResponse__Output>): grpc.ClientUnaryCall;
  LogStats(argument: _modelgate_billing_v1_LogStatsRequest, callback: grpc.requestCallback<_modelgate_billing_v1_LogStatsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * LogStats sums the quota of the consumption rows matching the filters and counts the
   * requests (rpm) and tokens (tpm) of those created in the last 60 seconds.
   */
  logStats(argument: _modelgate_billing_v1_LogStatsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_LogStatsResponse__Output>): grpc.ClientUnaryCall;
  logStats(argument: _modelgate_billing_v1_LogStatsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_LogStatsResponse__Output>): grpc.ClientUnaryCall;
  logStats(argument: _modelgate_billing_v1_LogStatsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_LogStatsResponse__Output>): grpc.ClientUnaryCall;
  logStats(argument: _modelgate_billing_v1_LogStatsRequest, callback: grpc.requestCallback<_modelgate_billing_v1_LogStatsResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * UsageQueryService answers the console's questions about usage and prices. Every log and
 * dashboard request names its caller; billing scopes the answer itself: a `self` request only
 * ever sees the caller's own rows, without admin-only fields (channel, channel name,
 * `other.admin_info`, the global row id), and a request that is not `self` is refused with
 * PERMISSION_DENIED unless the caller is an admin (role 10 or above). Malformed filters are
 * INVALID_ARGUMENT with the message the console shows.
 */
export interface UsageQueryServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * GetPricing lists every model served by an enabled channel with its prices, and the group
   * ratios and groups the caller may use (the default group's when anonymous).
   */
  GetPricing: grpc.handleUnaryCall<_modelgate_billing_v1_GetPricingRequest__Output, _modelgate_billing_v1_GetPricingResponse>;
  
  /**
   * ListLogs pages over log rows matching the filters, newest first.
   */
  ListLogs: grpc.handleUnaryCall<_modelgate_billing_v1_ListLogsRequest__Output, _modelgate_billing_v1_ListLogsResponse>;
  
  /**
   * ListQuotaData returns the dashboard totals per model and hour, day or week.
   * INVALID_ARGUMENT when a `self` request spans more than one month ("时间跨度不能超过 1 个月")
   * or the granularity is unknown.
   */
  ListQuotaData: grpc.handleUnaryCall<_modelgate_billing_v1_ListQuotaDataRequest__Output, _modelgate_billing_v1_ListQuotaDataResponse>;
  
  /**
   * LogStats sums the quota of the consumption rows matching the filters and counts the
   * requests (rpm) and tokens (tpm) of those created in the last 60 seconds.
   */
  LogStats: grpc.handleUnaryCall<_modelgate_billing_v1_LogStatsRequest__Output, _modelgate_billing_v1_LogStatsResponse>;
  
}

export interface UsageQueryServiceDefinition extends grpc.ServiceDefinition {
  GetPricing: MethodDefinition<_modelgate_billing_v1_GetPricingRequest, _modelgate_billing_v1_GetPricingResponse, _modelgate_billing_v1_GetPricingRequest__Output, _modelgate_billing_v1_GetPricingResponse__Output>
  ListLogs: MethodDefinition<_modelgate_billing_v1_ListLogsRequest, _modelgate_billing_v1_ListLogsResponse, _modelgate_billing_v1_ListLogsRequest__Output, _modelgate_billing_v1_ListLogsResponse__Output>
  ListQuotaData: MethodDefinition<_modelgate_billing_v1_ListQuotaDataRequest, _modelgate_billing_v1_ListQuotaDataResponse, _modelgate_billing_v1_ListQuotaDataRequest__Output, _modelgate_billing_v1_ListQuotaDataResponse__Output>
  LogStats: MethodDefinition<_modelgate_billing_v1_LogStatsRequest, _modelgate_billing_v1_LogStatsResponse, _modelgate_billing_v1_LogStatsRequest__Output, _modelgate_billing_v1_LogStatsResponse__Output>
}
