import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CreateStateRequest as _modelgate_identity_v1_CreateStateRequest, CreateStateRequest__Output as _modelgate_identity_v1_CreateStateRequest__Output } from './modelgate/identity/v1/CreateStateRequest';
import type { CreateStateResponse as _modelgate_identity_v1_CreateStateResponse, CreateStateResponse__Output as _modelgate_identity_v1_CreateStateResponse__Output } from './modelgate/identity/v1/CreateStateResponse';
import type { OAuthServiceClient as _modelgate_identity_v1_OAuthServiceClient, OAuthServiceDefinition as _modelgate_identity_v1_OAuthServiceDefinition } from './modelgate/identity/v1/OAuthService';

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
         * OAuthService signs users in (or binds accounts) through external identity providers.
         */
        OAuthService: SubtypeConstructor<typeof grpc.Client, _modelgate_identity_v1_OAuthServiceClient> & { service: _modelgate_identity_v1_OAuthServiceDefinition }
      }
    }
  }
}

