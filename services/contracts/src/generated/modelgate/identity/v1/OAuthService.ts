// Original file: proto/modelgate/identity/v1/oauth_service.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateStateRequest as _modelgate_identity_v1_CreateStateRequest, CreateStateRequest__Output as _modelgate_identity_v1_CreateStateRequest__Output } from '../../../modelgate/identity/v1/CreateStateRequest';
import type { CreateStateResponse as _modelgate_identity_v1_CreateStateResponse, CreateStateResponse__Output as _modelgate_identity_v1_CreateStateResponse__Output } from '../../../modelgate/identity/v1/CreateStateResponse';

/**
 * OAuthService signs users in (or binds accounts) through external identity providers.
 */
export interface OAuthServiceClient extends grpc.Client {
  /**
   * CreateState issues a one-time state for an OAuth redirect, remembering an invitation code.
   */
  CreateState(argument: _modelgate_identity_v1_CreateStateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_CreateStateResponse__Output>): grpc.ClientUnaryCall;
  CreateState(argument: _modelgate_identity_v1_CreateStateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_CreateStateResponse__Output>): grpc.ClientUnaryCall;
  CreateState(argument: _modelgate_identity_v1_CreateStateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_CreateStateResponse__Output>): grpc.ClientUnaryCall;
  CreateState(argument: _modelgate_identity_v1_CreateStateRequest, callback: grpc.requestCallback<_modelgate_identity_v1_CreateStateResponse__Output>): grpc.ClientUnaryCall;
  /**
   * CreateState issues a one-time state for an OAuth redirect, remembering an invitation code.
   */
  createState(argument: _modelgate_identity_v1_CreateStateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_CreateStateResponse__Output>): grpc.ClientUnaryCall;
  createState(argument: _modelgate_identity_v1_CreateStateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_CreateStateResponse__Output>): grpc.ClientUnaryCall;
  createState(argument: _modelgate_identity_v1_CreateStateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_CreateStateResponse__Output>): grpc.ClientUnaryCall;
  createState(argument: _modelgate_identity_v1_CreateStateRequest, callback: grpc.requestCallback<_modelgate_identity_v1_CreateStateResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * OAuthService signs users in (or binds accounts) through external identity providers.
 */
export interface OAuthServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * CreateState issues a one-time state for an OAuth redirect, remembering an invitation code.
   */
  CreateState: grpc.handleUnaryCall<_modelgate_identity_v1_CreateStateRequest__Output, _modelgate_identity_v1_CreateStateResponse>;
  
}

export interface OAuthServiceDefinition extends grpc.ServiceDefinition {
  CreateState: MethodDefinition<_modelgate_identity_v1_CreateStateRequest, _modelgate_identity_v1_CreateStateResponse, _modelgate_identity_v1_CreateStateRequest__Output, _modelgate_identity_v1_CreateStateResponse__Output>
}
