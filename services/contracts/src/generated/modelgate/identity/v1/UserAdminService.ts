// Original file: proto/modelgate/identity/v1/user_admin_service.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GetUserRequest as _modelgate_identity_v1_GetUserRequest, GetUserRequest__Output as _modelgate_identity_v1_GetUserRequest__Output } from '../../../modelgate/identity/v1/GetUserRequest';
import type { GetUserResponse as _modelgate_identity_v1_GetUserResponse, GetUserResponse__Output as _modelgate_identity_v1_GetUserResponse__Output } from '../../../modelgate/identity/v1/GetUserResponse';

/**
 * UserAdminService is what admins do with other users' accounts.
 */
export interface UserAdminServiceClient extends grpc.Client {
  /**
   * GetUser returns any user, deleted ones included. NOT_FOUND when there is no such user.
   */
  GetUser(argument: _modelgate_identity_v1_GetUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _modelgate_identity_v1_GetUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _modelgate_identity_v1_GetUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _modelgate_identity_v1_GetUserRequest, callback: grpc.requestCallback<_modelgate_identity_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  /**
   * GetUser returns any user, deleted ones included. NOT_FOUND when there is no such user.
   */
  getUser(argument: _modelgate_identity_v1_GetUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  getUser(argument: _modelgate_identity_v1_GetUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  getUser(argument: _modelgate_identity_v1_GetUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  getUser(argument: _modelgate_identity_v1_GetUserRequest, callback: grpc.requestCallback<_modelgate_identity_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * UserAdminService is what admins do with other users' accounts.
 */
export interface UserAdminServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * GetUser returns any user, deleted ones included. NOT_FOUND when there is no such user.
   */
  GetUser: grpc.handleUnaryCall<_modelgate_identity_v1_GetUserRequest__Output, _modelgate_identity_v1_GetUserResponse>;
  
}

export interface UserAdminServiceDefinition extends grpc.ServiceDefinition {
  GetUser: MethodDefinition<_modelgate_identity_v1_GetUserRequest, _modelgate_identity_v1_GetUserResponse, _modelgate_identity_v1_GetUserRequest__Output, _modelgate_identity_v1_GetUserResponse__Output>
}
