// Original file: proto/modelgate/identity/v1/identity_service.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AuthenticateSessionRequest as _modelgate_identity_v1_AuthenticateSessionRequest, AuthenticateSessionRequest__Output as _modelgate_identity_v1_AuthenticateSessionRequest__Output } from '../../../modelgate/identity/v1/AuthenticateSessionRequest';
import type { AuthenticateSessionResponse as _modelgate_identity_v1_AuthenticateSessionResponse, AuthenticateSessionResponse__Output as _modelgate_identity_v1_AuthenticateSessionResponse__Output } from '../../../modelgate/identity/v1/AuthenticateSessionResponse';
import type { GetPublicStatusRequest as _modelgate_identity_v1_GetPublicStatusRequest, GetPublicStatusRequest__Output as _modelgate_identity_v1_GetPublicStatusRequest__Output } from '../../../modelgate/identity/v1/GetPublicStatusRequest';
import type { GetPublicStatusResponse as _modelgate_identity_v1_GetPublicStatusResponse, GetPublicStatusResponse__Output as _modelgate_identity_v1_GetPublicStatusResponse__Output } from '../../../modelgate/identity/v1/GetPublicStatusResponse';
import type { ListOptionsRequest as _modelgate_identity_v1_ListOptionsRequest, ListOptionsRequest__Output as _modelgate_identity_v1_ListOptionsRequest__Output } from '../../../modelgate/identity/v1/ListOptionsRequest';
import type { ListOptionsResponse as _modelgate_identity_v1_ListOptionsResponse, ListOptionsResponse__Output as _modelgate_identity_v1_ListOptionsResponse__Output } from '../../../modelgate/identity/v1/ListOptionsResponse';
import type { ResetModelRatioRequest as _modelgate_identity_v1_ResetModelRatioRequest, ResetModelRatioRequest__Output as _modelgate_identity_v1_ResetModelRatioRequest__Output } from '../../../modelgate/identity/v1/ResetModelRatioRequest';
import type { ResetModelRatioResponse as _modelgate_identity_v1_ResetModelRatioResponse, ResetModelRatioResponse__Output as _modelgate_identity_v1_ResetModelRatioResponse__Output } from '../../../modelgate/identity/v1/ResetModelRatioResponse';
import type { UpdateOptionsRequest as _modelgate_identity_v1_UpdateOptionsRequest, UpdateOptionsRequest__Output as _modelgate_identity_v1_UpdateOptionsRequest__Output } from '../../../modelgate/identity/v1/UpdateOptionsRequest';
import type { UpdateOptionsResponse as _modelgate_identity_v1_UpdateOptionsResponse, UpdateOptionsResponse__Output as _modelgate_identity_v1_UpdateOptionsResponse__Output } from '../../../modelgate/identity/v1/UpdateOptionsResponse';

/**
 * IdentityService serves sign-in configuration, settings and console sessions to the other
 * services.
 */
export interface IdentityServiceClient extends grpc.Client {
  /**
   * AuthenticateSession checks a console session for a service that serves signed-in users
   * outside `/api` (the relay's playground). It reads `sessions` (edge writes it) and never
   * extends a session. UNAUTHENTICATED when the token is unknown or expired, its user deleted, or
   * `user_id` is not the session's user; PERMISSION_DENIED (`user_banned`) when the user is
   * disabled.
   */
  AuthenticateSession(argument: _modelgate_identity_v1_AuthenticateSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_AuthenticateSessionResponse__Output>): grpc.ClientUnaryCall;
  AuthenticateSession(argument: _modelgate_identity_v1_AuthenticateSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_AuthenticateSessionResponse__Output>): grpc.ClientUnaryCall;
  AuthenticateSession(argument: _modelgate_identity_v1_AuthenticateSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_AuthenticateSessionResponse__Output>): grpc.ClientUnaryCall;
  AuthenticateSession(argument: _modelgate_identity_v1_AuthenticateSessionRequest, callback: grpc.requestCallback<_modelgate_identity_v1_AuthenticateSessionResponse__Output>): grpc.ClientUnaryCall;
  /**
   * AuthenticateSession checks a console session for a service that serves signed-in users
   * outside `/api` (the relay's playground). It reads `sessions` (edge writes it) and never
   * extends a session. UNAUTHENTICATED when the token is unknown or expired, its user deleted, or
   * `user_id` is not the session's user; PERMISSION_DENIED (`user_banned`) when the user is
   * disabled.
   */
  authenticateSession(argument: _modelgate_identity_v1_AuthenticateSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_AuthenticateSessionResponse__Output>): grpc.ClientUnaryCall;
  authenticateSession(argument: _modelgate_identity_v1_AuthenticateSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_AuthenticateSessionResponse__Output>): grpc.ClientUnaryCall;
  authenticateSession(argument: _modelgate_identity_v1_AuthenticateSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_AuthenticateSessionResponse__Output>): grpc.ClientUnaryCall;
  authenticateSession(argument: _modelgate_identity_v1_AuthenticateSessionRequest, callback: grpc.requestCallback<_modelgate_identity_v1_AuthenticateSessionResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * GetPublicStatus returns the status the console loads before sign-in (`GET /api/status`).
   */
  GetPublicStatus(argument: _modelgate_identity_v1_GetPublicStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetPublicStatusResponse__Output>): grpc.ClientUnaryCall;
  GetPublicStatus(argument: _modelgate_identity_v1_GetPublicStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_GetPublicStatusResponse__Output>): grpc.ClientUnaryCall;
  GetPublicStatus(argument: _modelgate_identity_v1_GetPublicStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetPublicStatusResponse__Output>): grpc.ClientUnaryCall;
  GetPublicStatus(argument: _modelgate_identity_v1_GetPublicStatusRequest, callback: grpc.requestCallback<_modelgate_identity_v1_GetPublicStatusResponse__Output>): grpc.ClientUnaryCall;
  /**
   * GetPublicStatus returns the status the console loads before sign-in (`GET /api/status`).
   */
  getPublicStatus(argument: _modelgate_identity_v1_GetPublicStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetPublicStatusResponse__Output>): grpc.ClientUnaryCall;
  getPublicStatus(argument: _modelgate_identity_v1_GetPublicStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_GetPublicStatusResponse__Output>): grpc.ClientUnaryCall;
  getPublicStatus(argument: _modelgate_identity_v1_GetPublicStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetPublicStatusResponse__Output>): grpc.ClientUnaryCall;
  getPublicStatus(argument: _modelgate_identity_v1_GetPublicStatusRequest, callback: grpc.requestCallback<_modelgate_identity_v1_GetPublicStatusResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * ListOptions returns every stored option.
   */
  ListOptions(argument: _modelgate_identity_v1_ListOptionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ListOptionsResponse__Output>): grpc.ClientUnaryCall;
  ListOptions(argument: _modelgate_identity_v1_ListOptionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_ListOptionsResponse__Output>): grpc.ClientUnaryCall;
  ListOptions(argument: _modelgate_identity_v1_ListOptionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ListOptionsResponse__Output>): grpc.ClientUnaryCall;
  ListOptions(argument: _modelgate_identity_v1_ListOptionsRequest, callback: grpc.requestCallback<_modelgate_identity_v1_ListOptionsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * ListOptions returns every stored option.
   */
  listOptions(argument: _modelgate_identity_v1_ListOptionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ListOptionsResponse__Output>): grpc.ClientUnaryCall;
  listOptions(argument: _modelgate_identity_v1_ListOptionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_ListOptionsResponse__Output>): grpc.ClientUnaryCall;
  listOptions(argument: _modelgate_identity_v1_ListOptionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ListOptionsResponse__Output>): grpc.ClientUnaryCall;
  listOptions(argument: _modelgate_identity_v1_ListOptionsRequest, callback: grpc.requestCallback<_modelgate_identity_v1_ListOptionsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * ResetModelRatio sets ModelRatio back to the built-in default table and announces it.
   */
  ResetModelRatio(argument: _modelgate_identity_v1_ResetModelRatioRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ResetModelRatioResponse__Output>): grpc.ClientUnaryCall;
  ResetModelRatio(argument: _modelgate_identity_v1_ResetModelRatioRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_ResetModelRatioResponse__Output>): grpc.ClientUnaryCall;
  ResetModelRatio(argument: _modelgate_identity_v1_ResetModelRatioRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ResetModelRatioResponse__Output>): grpc.ClientUnaryCall;
  ResetModelRatio(argument: _modelgate_identity_v1_ResetModelRatioRequest, callback: grpc.requestCallback<_modelgate_identity_v1_ResetModelRatioResponse__Output>): grpc.ClientUnaryCall;
  /**
   * ResetModelRatio sets ModelRatio back to the built-in default table and announces it.
   */
  resetModelRatio(argument: _modelgate_identity_v1_ResetModelRatioRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ResetModelRatioResponse__Output>): grpc.ClientUnaryCall;
  resetModelRatio(argument: _modelgate_identity_v1_ResetModelRatioRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_ResetModelRatioResponse__Output>): grpc.ClientUnaryCall;
  resetModelRatio(argument: _modelgate_identity_v1_ResetModelRatioRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ResetModelRatioResponse__Output>): grpc.ClientUnaryCall;
  resetModelRatio(argument: _modelgate_identity_v1_ResetModelRatioRequest, callback: grpc.requestCallback<_modelgate_identity_v1_ResetModelRatioResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * UpdateOptions writes the given options and reports which keys actually changed.
   * INVALID_ARGUMENT when a key is unknown or a value fails validation; nothing is written then.
   * Values are normalised before they are stored (trailing slashes of addresses, numbers).
   */
  UpdateOptions(argument: _modelgate_identity_v1_UpdateOptionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateOptionsResponse__Output>): grpc.ClientUnaryCall;
  UpdateOptions(argument: _modelgate_identity_v1_UpdateOptionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateOptionsResponse__Output>): grpc.ClientUnaryCall;
  UpdateOptions(argument: _modelgate_identity_v1_UpdateOptionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateOptionsResponse__Output>): grpc.ClientUnaryCall;
  UpdateOptions(argument: _modelgate_identity_v1_UpdateOptionsRequest, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateOptionsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * UpdateOptions writes the given options and reports which keys actually changed.
   * INVALID_ARGUMENT when a key is unknown or a value fails validation; nothing is written then.
   * Values are normalised before they are stored (trailing slashes of addresses, numbers).
   */
  updateOptions(argument: _modelgate_identity_v1_UpdateOptionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateOptionsResponse__Output>): grpc.ClientUnaryCall;
  updateOptions(argument: _modelgate_identity_v1_UpdateOptionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateOptionsResponse__Output>): grpc.ClientUnaryCall;
  updateOptions(argument: _modelgate_identity_v1_UpdateOptionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateOptionsResponse__Output>): grpc.ClientUnaryCall;
  updateOptions(argument: _modelgate_identity_v1_UpdateOptionsRequest, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateOptionsResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * IdentityService serves sign-in configuration, settings and console sessions to the other
 * services.
 */
export interface IdentityServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * AuthenticateSession checks a console session for a service that serves signed-in users
   * outside `/api` (the relay's playground). It reads `sessions` (edge writes it) and never
   * extends a session. UNAUTHENTICATED when the token is unknown or expired, its user deleted, or
   * `user_id` is not the session's user; PERMISSION_DENIED (`user_banned`) when the user is
   * disabled.
   */
  AuthenticateSession: grpc.handleUnaryCall<_modelgate_identity_v1_AuthenticateSessionRequest__Output, _modelgate_identity_v1_AuthenticateSessionResponse>;
  
  /**
   * GetPublicStatus returns the status the console loads before sign-in (`GET /api/status`).
   */
  GetPublicStatus: grpc.handleUnaryCall<_modelgate_identity_v1_GetPublicStatusRequest__Output, _modelgate_identity_v1_GetPublicStatusResponse>;
  
  /**
   * ListOptions returns every stored option.
   */
  ListOptions: grpc.handleUnaryCall<_modelgate_identity_v1_ListOptionsRequest__Output, _modelgate_identity_v1_ListOptionsResponse>;
  
  /**
   * ResetModelRatio sets ModelRatio back to the built-in default table and announces it.
   */
  ResetModelRatio: grpc.handleUnaryCall<_modelgate_identity_v1_ResetModelRatioRequest__Output, _modelgate_identity_v1_ResetModelRatioResponse>;
  
  /**
   * UpdateOptions writes the given options and reports which keys actually changed.
   * INVALID_ARGUMENT when a key is unknown or a value fails validation; nothing is written then.
   * Values are normalised before they are stored (trailing slashes of addresses, numbers).
   */
  UpdateOptions: grpc.handleUnaryCall<_modelgate_identity_v1_UpdateOptionsRequest__Output, _modelgate_identity_v1_UpdateOptionsResponse>;
  
}

export interface IdentityServiceDefinition extends grpc.ServiceDefinition {
  AuthenticateSession: MethodDefinition<_modelgate_identity_v1_AuthenticateSessionRequest, _modelgate_identity_v1_AuthenticateSessionResponse, _modelgate_identity_v1_AuthenticateSessionRequest__Output, _modelgate_identity_v1_AuthenticateSessionResponse__Output>
  GetPublicStatus: MethodDefinition<_modelgate_identity_v1_GetPublicStatusRequest, _modelgate_identity_v1_GetPublicStatusResponse, _modelgate_identity_v1_GetPublicStatusRequest__Output, _modelgate_identity_v1_GetPublicStatusResponse__Output>
  ListOptions: MethodDefinition<_modelgate_identity_v1_ListOptionsRequest, _modelgate_identity_v1_ListOptionsResponse, _modelgate_identity_v1_ListOptionsRequest__Output, _modelgate_identity_v1_ListOptionsResponse__Output>
  ResetModelRatio: MethodDefinition<_modelgate_identity_v1_ResetModelRatioRequest, _modelgate_identity_v1_ResetModelRatioResponse, _modelgate_identity_v1_ResetModelRatioRequest__Output, _modelgate_identity_v1_ResetModelRatioResponse__Output>
  UpdateOptions: MethodDefinition<_modelgate_identity_v1_UpdateOptionsRequest, _modelgate_identity_v1_UpdateOptionsResponse, _modelgate_identity_v1_UpdateOptionsRequest__Output, _modelgate_identity_v1_UpdateOptionsResponse__Output>
}
