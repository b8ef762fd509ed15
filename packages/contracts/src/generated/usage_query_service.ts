import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { GetPricingRequest as _modelgate_billing_v1_GetPricingRequest, GetPricingRequest__Output as _modelgate_billing_v1_GetPricingRequest__Output } from './modelgate/billing/v1/GetPricingRequest';
import type { GetPricingResponse as _modelgate_billing_v1_GetPricingResponse, GetPricingResponse__Output as _modelgate_billing_v1_GetPricingResponse__Output } from './modelgate/billing/v1/GetPricingResponse';
import type { ListLogsRequest as _modelgate_billing_v1_ListLogsRequest, ListLogsRequest__Output as _modelgate_billing_v1_ListLogsRequest__Output } from './modelgate/billing/v1/ListLogsRequest';
import type { ListLogsResponse as _modelgate_billing_v1_ListLogsResponse, ListLogsResponse__Output as _modelgate_billing_v1_ListLogsResponse__Output } from './modelgate/billing/v1/ListLogsResponse';
import type { ListQuotaDataRequest as _modelgate_billing_v1_ListQuotaDataRequest, ListQuotaDataRequest__Output as _modelgate_billing_v1_ListQuotaDataRequest__Output } from './modelgate/billing/v1/ListQuotaDataRequest';
import type { ListQuotaDataResponse as _modelgate_billing_v1_ListQuotaDataResponse, ListQuotaDataResponse__Output as _modelgate_billing_v1_ListQuotaDataResponse__Output } from './modelgate/billing/v1/ListQuotaDataResponse';
import type { LogEntry as _modelgate_billing_v1_LogEntry, LogEntry__Output as _modelgate_billing_v1_LogEntry__Output } from './modelgate/billing/v1/LogEntry';
import type { LogFilter as _modelgate_billing_v1_LogFilter, LogFilter__Output as _modelgate_billing_v1_LogFilter__Output } from './modelgate/billing/v1/LogFilter';
import type { LogStatsRequest as _modelgate_billing_v1_LogStatsRequest, LogStatsRequest__Output as _modelgate_billing_v1_LogStatsRequest__Output } from './modelgate/billing/v1/LogStatsRequest';
import type { LogStatsResponse as _modelgate_billing_v1_LogStatsResponse, LogStatsResponse__Output as _modelgate_billing_v1_LogStatsResponse__Output } from './modelgate/billing/v1/LogStatsResponse';
import type { PricingRow as _modelgate_billing_v1_PricingRow, PricingRow__Output as _modelgate_billing_v1_PricingRow__Output } from './modelgate/billing/v1/PricingRow';
import type { QueryCaller as _modelgate_billing_v1_QueryCaller, QueryCaller__Output as _modelgate_billing_v1_QueryCaller__Output } from './modelgate/billing/v1/QueryCaller';
import type { UsageQueryServiceClient as _modelgate_billing_v1_UsageQueryServiceClient, UsageQueryServiceDefinition as _modelgate_billing_v1_UsageQueryServiceDefinition } from './modelgate/billing/v1/UsageQueryService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  modelgate: {
    billing: {
      v1: {
        GetPricingRequest: MessageTypeDefinition<_modelgate_billing_v1_GetPricingRequest, _modelgate_billing_v1_GetPricingRequest__Output>
        GetPricingResponse: MessageTypeDefinition<_modelgate_billing_v1_GetPricingResponse, _modelgate_billing_v1_GetPricingResponse__Output>
        ListLogsRequest: MessageTypeDefinition<_modelgate_billing_v1_ListLogsRequest, _modelgate_billing_v1_ListLogsRequest__Output>
        ListLogsResponse: MessageTypeDefinition<_modelgate_billing_v1_ListLogsResponse, _modelgate_billing_v1_ListLogsResponse__Output>
        ListQuotaDataRequest: MessageTypeDefinition<_modelgate_billing_v1_ListQuotaDataRequest, _modelgate_billing_v1_ListQuotaDataRequest__Output>
        ListQuotaDataResponse: MessageTypeDefinition<_modelgate_billing_v1_ListQuotaDataResponse, _modelgate_billing_v1_ListQuotaDataResponse__Output>
        LogEntry: MessageTypeDefinition<_modelgate_billing_v1_LogEntry, _modelgate_billing_v1_LogEntry__Output>
        LogFilter: MessageTypeDefinition<_modelgate_billing_v1_LogFilter, _modelgate_billing_v1_LogFilter__Output>
        LogStatsRequest: MessageTypeDefinition<_modelgate_billing_v1_LogStatsRequest, _modelgate_billing_v1_LogStatsRequest__Output>
        LogStatsResponse: MessageTypeDefinition<_modelgate_billing_v1_LogStatsResponse, _modelgate_billing_v1_LogStatsResponse__Output>
        PricingRow: MessageTypeDefinition<_modelgate_billing_v1_PricingRow, _modelgate_billing_v1_PricingRow__Output>
        QueryCaller: MessageTypeDefinition<_modelgate_billing_v1_QueryCaller, _modelgate_billing_v1_QueryCaller__Output>
        /**
         * UsageQueryService answers the console's questions about usage and prices. Every log and
         * dashboard request names its caller; billing scopes the answer itself: a `self` request only
         * ever sees the caller's own rows, without admin-only fields (channel, channel name,
         * `other.admin_info`, the global row id), and a request that is not `self` is refused with
         * PERMISSION_DENIED unless the caller is an admin (role 10 or above). Malformed filters are
         * INVALID_ARGUMENT with the message the console shows.
         */
        UsageQueryService: SubtypeConstructor<typeof grpc.Client, _modelgate_billing_v1_UsageQueryServiceClient> & { service: _modelgate_billing_v1_UsageQueryServiceDefinition }
      }
    }
  }
}

