// Original file: proto/modelgate/billing/v1/wallet_service.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateTopUpOrderRequest as _modelgate_billing_v1_CreateTopUpOrderRequest, CreateTopUpOrderRequest__Output as _modelgate_billing_v1_CreateTopUpOrderRequest__Output } from '../../../modelgate/billing/v1/CreateTopUpOrderRequest';
import type { CreateTopUpOrderResponse as _modelgate_billing_v1_CreateTopUpOrderResponse, CreateTopUpOrderResponse__Output as _modelgate_billing_v1_CreateTopUpOrderResponse__Output } from '../../../modelgate/billing/v1/CreateTopUpOrderResponse';
import type { HandlePaymentNoticeRequest as _modelgate_billing_v1_HandlePaymentNoticeRequest, HandlePaymentNoticeRequest__Output as _modelgate_billing_v1_HandlePaymentNoticeRequest__Output } from '../../../modelgate/billing/v1/HandlePaymentNoticeRequest';
import type { HandlePaymentNoticeResponse as _modelgate_billing_v1_HandlePaymentNoticeResponse, HandlePaymentNoticeResponse__Output as _modelgate_billing_v1_HandlePaymentNoticeResponse__Output } from '../../../modelgate/billing/v1/HandlePaymentNoticeResponse';
import type { QuoteTopUpRequest as _modelgate_billing_v1_QuoteTopUpRequest, QuoteTopUpRequest__Output as _modelgate_billing_v1_QuoteTopUpRequest__Output } from '../../../modelgate/billing/v1/QuoteTopUpRequest';
import type { QuoteTopUpResponse as _modelgate_billing_v1_QuoteTopUpResponse, QuoteTopUpResponse__Output as _modelgate_billing_v1_QuoteTopUpResponse__Output } from '../../../modelgate/billing/v1/QuoteTopUpResponse';

/**
 * WalletService prices and places online top-up orders (`top_ups`, owned by billing) and
 * completes them from the gateway's payment notices. The gateway is configured by the options
 * PayAddress, EpayId and EpayKey; the price by Price, TopupGroupRatio, MinTopUp, QuotaPerUnit and
 * DisplayInCurrencyEnabled. Refusals are INVALID_ARGUMENT (bad input) or FAILED_PRECONDITION
 * (online top-up off, amount below the minimum), each with the message the console shows.
 */
export interface WalletServiceClient extends grpc.Client {
  /**
   * CreateTopUpOrder records a pending order for `amount` and returns the signed form the
   * browser posts to the gateway. FAILED_PRECONDITION when online top-up is not configured or
   * the amount is refused as by QuoteTopUp; INVALID_ARGUMENT for a payment method other than
   * zfb or wx.
   */
  CreateTopUpOrder(argument: _modelgate_billing_v1_CreateTopUpOrderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_CreateTopUpOrderResponse__Output>): grpc.ClientUnaryCall;
  CreateTopUpOrder(argument: _modelgate_billing_v1_CreateTopUpOrderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_CreateTopUpOrderResponse__Output>): grpc.ClientUnaryCall;
  CreateTopUpOrder(argument: _modelgate_billing_v1_CreateTopUpOrderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_CreateTopUpOrderResponse__Output>): grpc.ClientUnaryCall;
  CreateTopUpOrder(argument: _modelgate_billing_v1_CreateTopUpOrderRequest, callback: grpc.requestCallback<_modelgate_billing_v1_CreateTopUpOrderResponse__Output>): grpc.ClientUnaryCall;
  /**
   * CreateTopUpOrder records a pending order for `amount` and returns the signed form the
   * browser posts to the gateway. FAILED_PRECONDITION when online top-up is not configured or
   * the amount is refused as by QuoteTopUp; INVALID_ARGUMENT for a payment method other than
   * zfb or wx.
   */
  createTopUpOrder(argument: _modelgate_billing_v1_CreateTopUpOrderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_CreateTopUpOrderResponse__Output>): grpc.ClientUnaryCall;
  createTopUpOrder(argument: _modelgate_billing_v1_CreateTopUpOrderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_CreateTopUpOrderResponse__Output>): grpc.ClientUnaryCall;
  createTopUpOrder(argument: _modelgate_billing_v1_CreateTopUpOrderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_CreateTopUpOrderResponse__Output>): grpc.ClientUnaryCall;
  createTopUpOrder(argument: _modelgate_billing_v1_CreateTopUpOrderRequest, callback: grpc.requestCallback<_modelgate_billing_v1_CreateTopUpOrderResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * HandlePaymentNotice checks a gateway's payment notice (signature, merchant id, trade status,
   * order, amount paid) and, for a pending order, credits the user and logs it, exactly once
   * however often and however concurrently the notice is delivered. Never fails for a bad notice:
   * the verdict is in the response (refusals are logged).
   */
  HandlePaymentNotice(argument: _modelgate_billing_v1_HandlePaymentNoticeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_HandlePaymentNoticeResponse__Output>): grpc.ClientUnaryCall;
  HandlePaymentNotice(argument: _modelgate_billing_v1_HandlePaymentNoticeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_HandlePaymentNoticeResponse__Output>): grpc.ClientUnaryCall;
  HandlePaymentNotice(argument: _modelgate_billing_v1_HandlePaymentNoticeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_HandlePaymentNoticeResponse__Output>): grpc.ClientUnaryCall;
  HandlePaymentNotice(argument: _modelgate_billing_v1_HandlePaymentNoticeRequest, callback: grpc.requestCallback<_modelgate_billing_v1_HandlePaymentNoticeResponse__Output>): grpc.ClientUnaryCall;
  /**
   * HandlePaymentNotice checks a gateway's payment notice (signature, merchant id, trade status,
   * order, amount paid) and, for a pending order, credits the user and logs it, exactly once
   * however often and however concurrently the notice is delivered. Never fails for a bad notice:
   * the verdict is in the response (refusals are logged).
   */
  handlePaymentNotice(argument: _modelgate_billing_v1_HandlePaymentNoticeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_HandlePaymentNoticeResponse__Output>): grpc.ClientUnaryCall;
  handlePaymentNotice(argument: _modelgate_billing_v1_HandlePaymentNoticeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_HandlePaymentNoticeResponse__Output>): grpc.ClientUnaryCall;
  handlePaymentNotice(argument: _modelgate_billing_v1_HandlePaymentNoticeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_HandlePaymentNoticeResponse__Output>): grpc.ClientUnaryCall;
  handlePaymentNotice(argument: _modelgate_billing_v1_HandlePaymentNoticeRequest, callback: grpc.requestCallback<_modelgate_billing_v1_HandlePaymentNoticeResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * QuoteTopUp returns what a top-up of `amount` costs the user: amount × Price × the
   * TopupGroupRatio of the user's group (1 when unset), the amount taken in dollars, or in quota
   * units when DisplayInCurrencyEnabled is off. FAILED_PRECONDITION when the amount is below
   * MinTopUp or the price comes to less than 0.01; NOT_FOUND for an unknown user.
   */
  QuoteTopUp(argument: _modelgate_billing_v1_QuoteTopUpRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_QuoteTopUpResponse__Output>): grpc.ClientUnaryCall;
  QuoteTopUp(argument: _modelgate_billing_v1_QuoteTopUpRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_QuoteTopUpResponse__Output>): grpc.ClientUnaryCall;
  QuoteTopUp(argument: _modelgate_billing_v1_QuoteTopUpRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_QuoteTopUpResponse__Output>): grpc.ClientUnaryCall;
  QuoteTopUp(argument: _modelgate_billing_v1_QuoteTopUpRequest, callback: grpc.requestCallback<_modelgate_billing_v1_QuoteTopUpResponse__Output>): grpc.ClientUnaryCall;
  /**
   * QuoteTopUp returns what a top-up of `amount` costs the user: amount × Price × the
   * TopupGroupRatio of the user's group (1 when unset), the amount taken in dollars, or in quota
   * units when DisplayInCurrencyEnabled is off. FAILED_PRECONDITION when the amount is below
   * MinTopUp or the price comes to less than 0.01; NOT_FOUND for an unknown user.
   */
  quoteTopUp(argument: _modelgate_billing_v1_QuoteTopUpRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_QuoteTopUpResponse__Output>): grpc.ClientUnaryCall;
  quoteTopUp(argument: _modelgate_billing_v1_QuoteTopUpRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_QuoteTopUpResponse__Output>): grpc.ClientUnaryCall;
  quoteTopUp(argument: _modelgate_billing_v1_QuoteTopUpRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_QuoteTopUpResponse__Output>): grpc.ClientUnaryCall;
  quoteTopUp(argument: _modelgate_billing_v1_QuoteTopUpRequest, callback: grpc.requestCallback<_modelgate_billing_v1_QuoteTopUpResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * WalletService prices and places online top-up orders (`top_ups`, owned by billing) and
 * completes them from the gateway's payment notices. The gateway is configured by the options
 * PayAddress, EpayId and EpayKey; the price by Price, TopupGroupRatio, MinTopUp, QuotaPerUnit and
 * DisplayInCurrencyEnabled. Refusals are INVALID_ARGUMENT (bad input) or FAILED_PRECONDITION
 * (online top-up off, amount below the minimum), each with the message the console shows.
 */
export interface WalletServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * CreateTopUpOrder records a pending order for `amount` and returns the signed form the
   * browser posts to the gateway. FAILED_PRECONDITION when online top-up is not configured or
   * the amount is refused as by QuoteTopUp; INVALID_ARGUMENT for a payment method other than
   * zfb or wx.
   */
  CreateTopUpOrder: grpc.handleUnaryCall<_modelgate_billing_v1_CreateTopUpOrderRequest__Output, _modelgate_billing_v1_CreateTopUpOrderResponse>;
  
  /**
   * HandlePaymentNotice checks a gateway's payment notice (signature, merchant id, trade status,
   * order, amount paid) and, for a pending order, credits the user and logs it, exactly once
   * however often and however concurrently the notice is delivered. Never fails for a bad notice:
   * the verdict is in the response (refusals are logged).
   */
  HandlePaymentNotice: grpc.handleUnaryCall<_modelgate_billing_v1_HandlePaymentNoticeRequest__Output, _modelgate_billing_v1_HandlePaymentNoticeResponse>;
  
  /**
   * QuoteTopUp returns what a top-up of `amount` costs the user: amount × Price × the
   * TopupGroupRatio of the user's group (1 when unset), the amount taken in dollars, or in quota
   * units when DisplayInCurrencyEnabled is off. FAILED_PRECONDITION when the amount is below
   * MinTopUp or the price comes to less than 0.01; NOT_FOUND for an unknown user.
   */
  QuoteTopUp: grpc.handleUnaryCall<_modelgate_billing_v1_QuoteTopUpRequest__Output, _modelgate_billing_v1_QuoteTopUpResponse>;
  
}

export interface WalletServiceDefinition extends grpc.ServiceDefinition {
  CreateTopUpOrder: MethodDefinition<_modelgate_billing_v1_CreateTopUpOrderRequest, _modelgate_billing_v1_CreateTopUpOrderResponse, _modelgate_billing_v1_CreateTopUpOrderRequest__Output, _modelgate_billing_v1_CreateTopUpOrderResponse__Output>
  HandlePaymentNotice: MethodDefinition<_modelgate_billing_v1_HandlePaymentNoticeRequest, _modelgate_billing_v1_HandlePaymentNoticeResponse, _modelgate_billing_v1_HandlePaymentNoticeRequest__Output, _modelgate_billing_v1_HandlePaymentNoticeResponse__Output>
  QuoteTopUp: MethodDefinition<_modelgate_billing_v1_QuoteTopUpRequest, _modelgate_billing_v1_QuoteTopUpResponse, _modelgate_billing_v1_QuoteTopUpRequest__Output, _modelgate_billing_v1_QuoteTopUpResponse__Output>
}
