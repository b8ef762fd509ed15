// Original file: proto/modelgate/billing/v1/billing_service.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GetUserQuotaRequest as _modelgate_billing_v1_GetUserQuotaRequest, GetUserQuotaRequest__Output as _modelgate_billing_v1_GetUserQuotaRequest__Output } from '../../../modelgate/billing/v1/GetUserQuotaRequest';
import type { GetUserQuotaResponse as _modelgate_billing_v1_GetUserQuotaResponse, GetUserQuotaResponse__Output as _modelgate_billing_v1_GetUserQuotaResponse__Output } from '../../../modelgate/billing/v1/GetUserQuotaResponse';

/**
 * BillingService answers questions about balances for the other services.
 */
export interface BillingServiceClient extends grpc.Client {
  /**
   * GetUserQuota returns a user's balance and usage counters. NOT_FOUND when the user does not exist.
   */
  GetUserQuota(argument: _modelgate_billing_v1_GetUserQuotaRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_GetUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  GetUserQuota(argument: _modelgate_billing_v1_GetUserQuotaRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_GetUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  GetUserQuota(argument: _modelgate_billing_v1_GetUserQuotaRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_GetUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  GetUserQuota(argument: _modelgate_billing_v1_GetUserQuotaRequest, callback: grpc.requestCallback<_modelgate_billing_v1_GetUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  /**
   * GetUserQuota returns a user's balance and usage counters. NOT_FOUND when the user does not exist.
   */
  getUserQuota(argument: _modelgate_billing_v1_GetUserQuotaRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_GetUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  getUserQuota(argument: _modelgate_billing_v1_GetUserQuotaRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_billing_v1_GetUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  getUserQuota(argument: _modelgate_billing_v1_GetUserQuotaRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_billing_v1_GetUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  getUserQuota(argument: _modelgate_billing_v1_GetUserQuotaRequest, callback: grpc.requestCallback<_modelgate_billing_v1_GetUserQuotaResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * BillingService answers questions about balances for the other services.
 */
export interface BillingServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * GetUserQuota returns a user's balance and usage counters. NOT_FOUND when the user does not exist.
   */
  GetUserQuota: grpc.handleUnaryCall<_modelgate_billing_v1_GetUserQuotaRequest__Output, _modelgate_billing_v1_GetUserQuotaResponse>;
  
}

export interface BillingServiceDefinition extends grpc.ServiceDefinition {
  GetUserQuota: MethodDefinition<_modelgate_billing_v1_GetUserQuotaRequest, _modelgate_billing_v1_GetUserQuotaResponse, _modelgate_billing_v1_GetUserQuotaRequest__Output, _modelgate_billing_v1_GetUserQuotaResponse__Output>
}
