// Original file: proto/modelgate/identity/v1/oauth_service.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateStateRequest as _modelgate_identity_v1_CreateStateRequest, CreateStateRequest__Output as _modelgate_identity_v1_CreateStateRequest__Output } from '../../../modelgate/identity/v1/CreateStateRequest';
import type { CreateStateResponse as _modelgate_identity_v1_CreateStateResponse, CreateStateResponse__Output as _modelgate_identity_v1_CreateStateResponse__Output } from '../../../modelgate/identity/v1/CreateStateResponse';
import type { SignInWithOAuthRequest as _modelgate_identity_v1_SignInWithOAuthRequest, SignInWithOAuthRequest__Output as _modelgate_identity_v1_SignInWithOAuthRequest__Output } from '../../../modelgate/identity/v1/SignInWithOAuthRequest';
import type { SignInWithOAuthResponse as _modelgate_identity_v1_SignInWithOAuthResponse, SignInWithOAuthResponse__Output as _modelgate_identity_v1_SignInWithOAuthResponse__Output } from '../../../modelgate/identity/v1/SignInWithOAuthResponse';
import type { SignInWithTelegramRequest as _modelgate_identity_v1_SignInWithTelegramRequest, SignInWithTelegramRequest__Output as _modelgate_identity_v1_SignInWithTelegramRequest__Output } from '../../../modelgate/identity/v1/SignInWithTelegramRequest';
import type { SignInWithTelegramResponse as _modelgate_identity_v1_SignInWithTelegramResponse, SignInWithTelegramResponse__Output as _modelgate_identity_v1_SignInWithTelegramResponse__Output } from '../../../modelgate/identity/v1/SignInWithTelegramResponse';
import type { SignInWithWeChatRequest as _modelgate_identity_v1_SignInWithWeChatRequest, SignInWithWeChatRequest__Output as _modelgate_identity_v1_SignInWithWeChatRequest__Output } from '../../../modelgate/identity/v1/SignInWithWeChatRequest';
import type { SignInWithWeChatResponse as _modelgate_identity_v1_SignInWithWeChatResponse, SignInWithWeChatResponse__Output as _modelgate_identity_v1_SignInWithWeChatResponse__Output } from '../../../modelgate/identity/v1/SignInWithWeChatResponse';

/**
 * OAuthService signs users in (or binds accounts) through external identity providers. Every
 * sign-in RPC either signs a user in (registering one on first use when registration is open) or,
 * when `bind_user_id` is set, binds the external account to that signed-in user.
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
  
  /**
   * SignInWithOAuth consumes a state and exchanges an authorization code with GitHub, an OIDC
   * provider or LinuxDO. PERMISSION_DENIED for an unknown, used or expired state.
   */
  SignInWithOAuth(argument: _modelgate_identity_v1_SignInWithOAuthRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_SignInWithOAuthResponse__Output>): grpc.ClientUnaryCall;
  SignInWithOAuth(argument: _modelgate_identity_v1_SignInWithOAuthRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_SignInWithOAuthResponse__Output>): grpc.ClientUnaryCall;
  SignInWithOAuth(argument: _modelgate_identity_v1_SignInWithOAuthRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_SignInWithOAuthResponse__Output>): grpc.ClientUnaryCall;
  SignInWithOAuth(argument: _modelgate_identity_v1_SignInWithOAuthRequest, callback: grpc.requestCallback<_modelgate_identity_v1_SignInWithOAuthResponse__Output>): grpc.ClientUnaryCall;
  /**
   * SignInWithOAuth consumes a state and exchanges an authorization code with GitHub, an OIDC
   * provider or LinuxDO. PERMISSION_DENIED for an unknown, used or expired state.
   */
  signInWithOAuth(argument: _modelgate_identity_v1_SignInWithOAuthRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_SignInWithOAuthResponse__Output>): grpc.ClientUnaryCall;
  signInWithOAuth(argument: _modelgate_identity_v1_SignInWithOAuthRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_SignInWithOAuthResponse__Output>): grpc.ClientUnaryCall;
  signInWithOAuth(argument: _modelgate_identity_v1_SignInWithOAuthRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_SignInWithOAuthResponse__Output>): grpc.ClientUnaryCall;
  signInWithOAuth(argument: _modelgate_identity_v1_SignInWithOAuthRequest, callback: grpc.requestCallback<_modelgate_identity_v1_SignInWithOAuthResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * SignInWithTelegram verifies the Telegram login widget's signed fields.
   */
  SignInWithTelegram(argument: _modelgate_identity_v1_SignInWithTelegramRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_SignInWithTelegramResponse__Output>): grpc.ClientUnaryCall;
  SignInWithTelegram(argument: _modelgate_identity_v1_SignInWithTelegramRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_SignInWithTelegramResponse__Output>): grpc.ClientUnaryCall;
  SignInWithTelegram(argument: _modelgate_identity_v1_SignInWithTelegramRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_SignInWithTelegramResponse__Output>): grpc.ClientUnaryCall;
  SignInWithTelegram(argument: _modelgate_identity_v1_SignInWithTelegramRequest, callback: grpc.requestCallback<_modelgate_identity_v1_SignInWithTelegramResponse__Output>): grpc.ClientUnaryCall;
  /**
   * SignInWithTelegram verifies the Telegram login widget's signed fields.
   */
  signInWithTelegram(argument: _modelgate_identity_v1_SignInWithTelegramRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_SignInWithTelegramResponse__Output>): grpc.ClientUnaryCall;
  signInWithTelegram(argument: _modelgate_identity_v1_SignInWithTelegramRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_SignInWithTelegramResponse__Output>): grpc.ClientUnaryCall;
  signInWithTelegram(argument: _modelgate_identity_v1_SignInWithTelegramRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_SignInWithTelegramResponse__Output>): grpc.ClientUnaryCall;
  signInWithTelegram(argument: _modelgate_identity_v1_SignInWithTelegramRequest, callback: grpc.requestCallback<_modelgate_identity_v1_SignInWithTelegramResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * SignInWithWeChat resolves a WeChat-server verification code to a WeChat id.
   */
  SignInWithWeChat(argument: _modelgate_identity_v1_SignInWithWeChatRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_SignInWithWeChatResponse__Output>): grpc.ClientUnaryCall;
  SignInWithWeChat(argument: _modelgate_identity_v1_SignInWithWeChatRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_SignInWithWeChatResponse__Output>): grpc.ClientUnaryCall;
  SignInWithWeChat(argument: _modelgate_identity_v1_SignInWithWeChatRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_SignInWithWeChatResponse__Output>): grpc.ClientUnaryCall;
  SignInWithWeChat(argument: _modelgate_identity_v1_SignInWithWeChatRequest, callback: grpc.requestCallback<_modelgate_identity_v1_SignInWithWeChatResponse__Output>): grpc.ClientUnaryCall;
  /**
   * SignInWithWeChat resolves a WeChat-server verification code to a WeChat id.
   */
  signInWithWeChat(argument: _modelgate_identity_v1_SignInWithWeChatRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_SignInWithWeChatResponse__Output>): grpc.ClientUnaryCall;
  signInWithWeChat(argument: _modelgate_identity_v1_SignInWithWeChatRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_SignInWithWeChatResponse__Output>): grpc.ClientUnaryCall;
  signInWithWeChat(argument: _modelgate_identity_v1_SignInWithWeChatRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_SignInWithWeChatResponse__Output>): grpc.ClientUnaryCall;
  signInWithWeChat(argument: _modelgate_identity_v1_SignInWithWeChatRequest, callback: grpc.requestCallback<_modelgate_identity_v1_SignInWithWeChatResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * OAuthService signs users in (or binds accounts) through external identity providers. Every
 * sign-in RPC either signs a user in (registering one on first use when registration is open) or,
 * when `bind_user_id` is set, binds the external account to that signed-in user.
 */
export interface OAuthServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * CreateState issues a one-time state for an OAuth redirect, remembering an invitation code.
   */
  CreateState: grpc.handleUnaryCall<_modelgate_identity_v1_CreateStateRequest__Output, _modelgate_identity_v1_CreateStateResponse>;
  
  /**
   * SignInWithOAuth consumes a state and exchanges an authorization code with GitHub, an OIDC
   * provider or LinuxDO. PERMISSION_DENIED for an unknown, used or expired state.
   */
  SignInWithOAuth: grpc.handleUnaryCall<_modelgate_identity_v1_SignInWithOAuthRequest__Output, _modelgate_identity_v1_SignInWithOAuthResponse>;
  
  /**
   * SignInWithTelegram verifies the Telegram login widget's signed fields.
   */
  SignInWithTelegram: grpc.handleUnaryCall<_modelgate_identity_v1_SignInWithTelegramRequest__Output, _modelgate_identity_v1_SignInWithTelegramResponse>;
  
  /**
   * SignInWithWeChat resolves a WeChat-server verification code to a WeChat id.
   */
  SignInWithWeChat: grpc.handleUnaryCall<_modelgate_identity_v1_SignInWithWeChatRequest__Output, _modelgate_identity_v1_SignInWithWeChatResponse>;
  
}

export interface OAuthServiceDefinition extends grpc.ServiceDefinition {
  CreateState: MethodDefinition<_modelgate_identity_v1_CreateStateRequest, _modelgate_identity_v1_CreateStateResponse, _modelgate_identity_v1_CreateStateRequest__Output, _modelgate_identity_v1_CreateStateResponse__Output>
  SignInWithOAuth: MethodDefinition<_modelgate_identity_v1_SignInWithOAuthRequest, _modelgate_identity_v1_SignInWithOAuthResponse, _modelgate_identity_v1_SignInWithOAuthRequest__Output, _modelgate_identity_v1_SignInWithOAuthResponse__Output>
  SignInWithTelegram: MethodDefinition<_modelgate_identity_v1_SignInWithTelegramRequest, _modelgate_identity_v1_SignInWithTelegramResponse, _modelgate_identity_v1_SignInWithTelegramRequest__Output, _modelgate_identity_v1_SignInWithTelegramResponse__Output>
  SignInWithWeChat: MethodDefinition<_modelgate_identity_v1_SignInWithWeChatRequest, _modelgate_identity_v1_SignInWithWeChatResponse, _modelgate_identity_v1_SignInWithWeChatRequest__Output, _modelgate_identity_v1_SignInWithWeChatResponse__Output>
}
