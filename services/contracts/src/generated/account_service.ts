import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AccountServiceClient as _modelgate_identity_v1_AccountServiceClient, AccountServiceDefinition as _modelgate_identity_v1_AccountServiceDefinition } from './modelgate/identity/v1/AccountService';
import type { GetSelfRequest as _modelgate_identity_v1_GetSelfRequest, GetSelfRequest__Output as _modelgate_identity_v1_GetSelfRequest__Output } from './modelgate/identity/v1/GetSelfRequest';
import type { GetSelfResponse as _modelgate_identity_v1_GetSelfResponse, GetSelfResponse__Output as _modelgate_identity_v1_GetSelfResponse__Output } from './modelgate/identity/v1/GetSelfResponse';
import type { User as _modelgate_identity_v1_User, User__Output as _modelgate_identity_v1_User__Output } from './modelgate/identity/v1/User';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  modelgate: {
    identity: {
      v1: {
        /**
         * AccountService is what a user does with their own account.
         */
        AccountService: SubtypeConstructor<typeof grpc.Client, _modelgate_identity_v1_AccountServiceClient> & { service: _modelgate_identity_v1_AccountServiceDefinition }
        GetSelfRequest: MessageTypeDefinition<_modelgate_identity_v1_GetSelfRequest, _modelgate_identity_v1_GetSelfRequest__Output>
        GetSelfResponse: MessageTypeDefinition<_modelgate_identity_v1_GetSelfResponse, _modelgate_identity_v1_GetSelfResponse__Output>
        User: MessageTypeDefinition<_modelgate_identity_v1_User, _modelgate_identity_v1_User__Output>
      }
    }
  }
}

