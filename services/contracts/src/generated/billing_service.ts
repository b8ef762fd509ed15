import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { BillingServiceClient as _modelgate_billing_v1_BillingServiceClient, BillingServiceDefinition as _modelgate_billing_v1_BillingServiceDefinition } from './modelgate/billing/v1/BillingService';
import type { GetUserQuotaRequest as _modelgate_billing_v1_GetUserQuotaRequest, GetUserQuotaRequest__Output as _modelgate_billing_v1_GetUserQuotaRequest__Output } from './modelgate/billing/v1/GetUserQuotaRequest';
import type { GetUserQuotaResponse as _modelgate_billing_v1_GetUserQuotaResponse, GetUserQuotaResponse__Output as _modelgate_billing_v1_GetUserQuotaResponse__Output } from './modelgate/billing/v1/GetUserQuotaResponse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  modelgate: {
    billing: {
      v1: {
        /**
         * BillingService answers questions about balances for the other services.
         */
        BillingService: SubtypeConstructor<typeof grpc.Client, _modelgate_billing_v1_BillingServiceClient> & { service: _modelgate_billing_v1_BillingServiceDefinition }
        GetUserQuotaRequest: MessageTypeDefinition<_modelgate_billing_v1_GetUserQuotaRequest, _modelgate_billing_v1_GetUserQuotaRequest__Output>
        GetUserQuotaResponse: MessageTypeDefinition<_modelgate_billing_v1_GetUserQuotaResponse, _modelgate_billing_v1_GetUserQuotaResponse__Output>
      }
    }
  }
}

