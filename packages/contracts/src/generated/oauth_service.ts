import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CreateStateRequest as _modelgate_identity_v1_CreateStateRequest, CreateStateRequest__Output as _modelgate_identity_v1_CreateStateRequest__Output } from './modelgate/identity/v1/CreateStateRequest';
import type { CreateStateResponse as _modelgate_identity_v1_CreateStateResponse, CreateStateResponse__Output as _modelgate_identity_v1_CreateStateResponse__Output } from './modelgate/identity/v1/CreateStateResponse';
import type { OAuthServiceClient as _modelgate_identity_v1_OAuthServiceClient, OAuthServiceDefinition as _modelgate_identity_v1_OAuthServiceDefinition } from './modelgate/identity/v1/OAuthService';
import type { SignInWithOAuthRequest as _modelgate_identity_v1_SignInWithOAuthRequest, SignInWithOAuthRequest__Output as _modelgate_identity_v1_SignInWithOAuthRequest__Output } from './modelgate/identity/v1/SignInWithOAuthRequest';
import type { SignInWithOAuthResponse as _modelgate_identity_v1_SignInWithOAuthResponse, SignInWithOAuthResponse__Output as _modelgate_identity_v1_SignInWithOAuthResponse__Output } from './modelgate/identity/v1/SignInWithOAuthResponse';
import type { SignInWithTelegramRequest as _modelgate_identity_v1_SignInWithTelegramRequest, SignInWithTelegramRequest__Output as _modelgate_identity_v1_SignInWithTelegramRequest__Output } from './modelgate/identity/v1/SignInWithTelegramRequest';
import type { SignInWithTelegramResponse as _modelgate_identity_v1_SignInWithTelegramResponse, SignInWithTelegramResponse__Output as _modelgate_identity_v1_SignInWithTelegramResponse__Output } from './modelgate/identity/v1/SignInWithTelegramResponse';
import type { SignInWithWeChatRequest as _modelgate_identity_v1_SignInWithWeChatRequest, SignInWithWeChatRequest__Output as _modelgate_identity_v1_SignInWithWeChatRequest__Output } from './modelgate/identity/v1/SignInWithWeChatRequest';
import type { SignInWithWeChatResponse as _modelgate_identity_v1_SignInWithWeChatResponse, SignInWithWeChatResponse__Output as _modelgate_identity_v1_SignInWithWeChatResponse__Output } from './modelgate/identity/v1/SignInWithWeChatResponse';
import type { User as _modelgate_identity_v1_User, User__Output as _modelgate_identity_v1_User__Output } from './modelgate/identity/v1/User';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  modelgate: {
    identity: {
      v1: {
        CreateStateRequest: MessageTypeDefinition<_modelgate_identity_v1_CreateStateRequest, _modelgate_identity_v1_CreateStateRequest__Output>
        CreateStateResponse: MessageTypeDefinition<_modelgate_identity_v1_CreateStateResponse, _modelgate_identity_v1_CreateStateResponse__Output>
        /**
         * OAuthService signs users in (or binds accounts) through external identity providers. Every
         * sign-in RPC either signs a user in (registering one on first use when registration is open) or,
         * when `bind_user_id` is set, binds the external account to that signed-in user.
         */
        OAuthService: SubtypeConstructor<typeof grpc.Client, _modelgate_identity_v1_OAuthServiceClient> & { service: _modelgate_identity_v1_OAuthServiceDefinition }
        SignInWithOAuthRequest: MessageTypeDefinition<_modelgate_identity_v1_SignInWithOAuthRequest, _modelgate_identity_v1_SignInWithOAuthRequest__Output>
        SignInWithOAuthResponse: MessageTypeDefinition<_modelgate_identity_v1_SignInWithOAuthResponse, _modelgate_identity_v1_SignInWithOAuthResponse__Output>
        SignInWithTelegramRequest: MessageTypeDefinition<_modelgate_identity_v1_SignInWithTelegramRequest, _modelgate_identity_v1_SignInWithTelegramRequest__Output>
        SignInWithTelegramResponse: MessageTypeDefinition<_modelgate_identity_v1_SignInWithTelegramResponse, _modelgate_identity_v1_SignInWithTelegramResponse__Output>
        SignInWithWeChatRequest: MessageTypeDefinition<_modelgate_identity_v1_SignInWithWeChatRequest, _modelgate_identity_v1_SignInWithWeChatRequest__Output>
        SignInWithWeChatResponse: MessageTypeDefinition<_modelgate_identity_v1_SignInWithWeChatResponse, _modelgate_identity_v1_SignInWithWeChatResponse__Output>
        User: MessageTypeDefinition<_modelgate_identity_v1_User, _modelgate_identity_v1_User__Output>
      }
    }
  }
}

