import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { GetUserRequest as _modelgate_identity_v1_GetUserRequest, GetUserRequest__Output as _modelgate_identity_v1_GetUserRequest__Output } from './modelgate/identity/v1/GetUserRequest';
import type { GetUserResponse as _modelgate_identity_v1_GetUserResponse, GetUserResponse__Output as _modelgate_identity_v1_GetUserResponse__Output } from './modelgate/identity/v1/GetUserResponse';
import type { User as _modelgate_identity_v1_User, User__Output as _modelgate_identity_v1_User__Output } from './modelgate/identity/v1/User';
import type { UserAdminServiceClient as _modelgate_identity_v1_UserAdminServiceClient, UserAdminServiceDefinition as _modelgate_identity_v1_UserAdminServiceDefinition } from './modelgate/identity/v1/UserAdminService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  modelgate: {
    identity: {
      v1: {
        GetUserRequest: MessageTypeDefinition<_modelgate_identity_v1_GetUserRequest, _modelgate_identity_v1_GetUserRequest__Output>
        GetUserResponse: MessageTypeDefinition<_modelgate_identity_v1_GetUserResponse, _modelgate_identity_v1_GetUserResponse__Output>
        User: MessageTypeDefinition<_modelgate_identity_v1_User, _modelgate_identity_v1_User__Output>
        /**
         * UserAdminService is what admins do with other users' accounts.
         */
        UserAdminService: SubtypeConstructor<typeof grpc.Client, _modelgate_identity_v1_UserAdminServiceClient> & { service: _modelgate_identity_v1_UserAdminServiceDefinition }
      }
    }
  }
}

