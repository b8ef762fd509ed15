import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CreateTopUpOrderRequest as _modelgate_billing_v1_CreateTopUpOrderRequest, CreateTopUpOrderRequest__Output as _modelgate_billing_v1_CreateTopUpOrderRequest__Output } from './modelgate/billing/v1/CreateTopUpOrderRequest';
import type { CreateTopUpOrderResponse as _modelgate_billing_v1_CreateTopUpOrderResponse, CreateTopUpOrderResponse__Output as _modelgate_billing_v1_CreateTopUpOrderResponse__Output } from './modelgate/billing/v1/CreateTopUpOrderResponse';
import type { HandlePaymentNoticeRequest as _modelgate_billing_v1_HandlePaymentNoticeRequest, HandlePaymentNoticeRequest__Output as _modelgate_billing_v1_HandlePaymentNoticeRequest__Output } from './modelgate/billing/v1/HandlePaymentNoticeRequest';
import type { HandlePaymentNoticeResponse as _modelgate_billing_v1_HandlePaymentNoticeResponse, HandlePaymentNoticeResponse__Output as _modelgate_billing_v1_HandlePaymentNoticeResponse__Output } from './modelgate/billing/v1/HandlePaymentNoticeResponse';
import type { QuoteTopUpRequest as _modelgate_billing_v1_QuoteTopUpRequest, QuoteTopUpRequest__Output as _modelgate_billing_v1_QuoteTopUpRequest__Output } from './modelgate/billing/v1/QuoteTopUpRequest';
import type { QuoteTopUpResponse as _modelgate_billing_v1_QuoteTopUpResponse, QuoteTopUpResponse__Output as _modelgate_billing_v1_QuoteTopUpResponse__Output } from './modelgate/billing/v1/QuoteTopUpResponse';
import type { WalletServiceClient as _modelgate_billing_v1_WalletServiceClient, WalletServiceDefinition as _modelgate_billing_v1_WalletServiceDefinition } from './modelgate/billing/v1/WalletService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  modelgate: {
    billing: {
      v1: {
        CreateTopUpOrderRequest: MessageTypeDefinition<_modelgate_billing_v1_CreateTopUpOrderRequest, _modelgate_billing_v1_CreateTopUpOrderRequest__Output>
        CreateTopUpOrderResponse: MessageTypeDefinition<_modelgate_billing_v1_CreateTopUpOrderResponse, _modelgate_billing_v1_CreateTopUpOrderResponse__Output>
        HandlePaymentNoticeRequest: MessageTypeDefinition<_modelgate_billing_v1_HandlePaymentNoticeRequest, _modelgate_billing_v1_HandlePaymentNoticeRequest__Output>
        HandlePaymentNoticeResponse: MessageTypeDefinition<_modelgate_billing_v1_HandlePaymentNoticeResponse, _modelgate_billing_v1_HandlePaymentNoticeResponse__Output>
        QuoteTopUpRequest: MessageTypeDefinition<_modelgate_billing_v1_QuoteTopUpRequest, _modelgate_billing_v1_QuoteTopUpRequest__Output>
        QuoteTopUpResponse: MessageTypeDefinition<_modelgate_billing_v1_QuoteTopUpResponse, _modelgate_billing_v1_QuoteTopUpResponse__Output>
        /**
         * WalletService prices and places online top-up orders (`top_ups`, owned by billing) and
         * completes them from the gateway's payment notices. The gateway is configured by the options
         * PayAddress, EpayId and EpayKey; the price by Price, TopupGroupRatio, MinTopUp, QuotaPerUnit and
         * DisplayInCurrencyEnabled. Refusals are INVALID_ARGUMENT (bad input) or FAILED_PRECONDITION
         * (online top-up off, amount below the minimum), each with the message the console shows.
         */
        WalletService: SubtypeConstructor<typeof grpc.Client, _modelgate_billing_v1_WalletServiceClient> & { service: _modelgate_billing_v1_WalletServiceDefinition }
      }
    }
  }
}

