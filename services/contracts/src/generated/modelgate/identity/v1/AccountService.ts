// Original file: proto/modelgate/identity/v1/account_service.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GetSelfRequest as _modelgate_identity_v1_GetSelfRequest, GetSelfRequest__Output as _modelgate_identity_v1_GetSelfRequest__Output } from '../../../modelgate/identity/v1/GetSelfRequest';
import type { GetSelfResponse as _modelgate_identity_v1_GetSelfResponse, GetSelfResponse__Output as _modelgate_identity_v1_GetSelfResponse__Output } from '../../../modelgate/identity/v1/GetSelfResponse';

/**
 * AccountService is what a user does with their own account.
 */
export interface AccountServiceClient extends grpc.Client {
  /**
   * GetSelf returns the user's own full view. NOT_FOUND when the user does not exist (or was deleted).
   */
  GetSelf(argument: _modelgate_identity_v1_GetSelfRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetSelfResponse__Output>): grpc.ClientUnaryCall;
  GetSelf(argument: _modelgate_identity_v1_GetSelfRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_GetSelfResponse__Output>): grpc.ClientUnaryCall;
  GetSelf(argument: _modelgate_identity_v1_GetSelfRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetSelfResponse__Output>): grpc.ClientUnaryCall;
  GetSelf(argument: _modelgate_identity_v1_GetSelfRequest, callback: grpc.requestCallback<_modelgate_identity_v1_GetSelfResponse__Output>): grpc.ClientUnaryCall;
  /**
   * GetSelf returns the user's own full view. NOT_FOUND when the user does not exist (or was deleted).
   */
  getSelf(argument: _modelgate_identity_v1_GetSelfRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetSelfResponse__Output>): grpc.ClientUnaryCall;
  getSelf(argument: _modelgate_identity_v1_GetSelfRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_GetSelfResponse__Output>): grpc.ClientUnaryCall;
  getSelf(argument: _modelgate_identity_v1_GetSelfRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetSelfResponse__Output>): grpc.ClientUnaryCall;
  getSelf(argument: _modelgate_identity_v1_GetSelfRequest, callback: grpc.requestCallback<_modelgate_identity_v1_GetSelfResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * AccountService is what a user does with their own account.
 */
export interface AccountServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * GetSelf returns the user's own full view. NOT_FOUND when the user does not exist (or was deleted).
   */
  GetSelf: grpc.handleUnaryCall<_modelgate_identity_v1_GetSelfRequest__Output, _modelgate_identity_v1_GetSelfResponse>;
  
}

export interface AccountServiceDefinition extends grpc.ServiceDefinition {
  GetSelf: MethodDefinition<_modelgate_identity_v1_GetSelfRequest, _modelgate_identity_v1_GetSelfResponse, _modelgate_identity_v1_GetSelfRequest__Output, _modelgate_identity_v1_GetSelfResponse__Output>
}
