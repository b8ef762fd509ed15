import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { CreateUserRequest as _modelgate_identity_v1_CreateUserRequest, CreateUserRequest__Output as _modelgate_identity_v1_CreateUserRequest__Output } from './modelgate/identity/v1/CreateUserRequest';
import type { CreateUserResponse as _modelgate_identity_v1_CreateUserResponse, CreateUserResponse__Output as _modelgate_identity_v1_CreateUserResponse__Output } from './modelgate/identity/v1/CreateUserResponse';
import type { GetUserRequest as _modelgate_identity_v1_GetUserRequest, GetUserRequest__Output as _modelgate_identity_v1_GetUserRequest__Output } from './modelgate/identity/v1/GetUserRequest';
import type { GetUserResponse as _modelgate_identity_v1_GetUserResponse, GetUserResponse__Output as _modelgate_identity_v1_GetUserResponse__Output } from './modelgate/identity/v1/GetUserResponse';
import type { ListUsersRequest as _modelgate_identity_v1_ListUsersRequest, ListUsersRequest__Output as _modelgate_identity_v1_ListUsersRequest__Output } from './modelgate/identity/v1/ListUsersRequest';
import type { ListUsersResponse as _modelgate_identity_v1_ListUsersResponse, ListUsersResponse__Output as _modelgate_identity_v1_ListUsersResponse__Output } from './modelgate/identity/v1/ListUsersResponse';
import type { ManageUserRequest as _modelgate_identity_v1_ManageUserRequest, ManageUserRequest__Output as _modelgate_identity_v1_ManageUserRequest__Output } from './modelgate/identity/v1/ManageUserRequest';
import type { ManageUserResponse as _modelgate_identity_v1_ManageUserResponse, ManageUserResponse__Output as _modelgate_identity_v1_ManageUserResponse__Output } from './modelgate/identity/v1/ManageUserResponse';
import type { UpdateUserRequest as _modelgate_identity_v1_UpdateUserRequest, UpdateUserRequest__Output as _modelgate_identity_v1_UpdateUserRequest__Output } from './modelgate/identity/v1/UpdateUserRequest';
import type { UpdateUserResponse as _modelgate_identity_v1_UpdateUserResponse, UpdateUserResponse__Output as _modelgate_identity_v1_UpdateUserResponse__Output } from './modelgate/identity/v1/UpdateUserResponse';
import type { User as _modelgate_identity_v1_User, User__Output as _modelgate_identity_v1_User__Output } from './modelgate/identity/v1/User';
import type { UserAdminServiceClient as _modelgate_identity_v1_UserAdminServiceClient, UserAdminServiceDefinition as _modelgate_identity_v1_UserAdminServiceDefinition } from './modelgate/identity/v1/UserAdminService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  modelgate: {
    identity: {
      v1: {
        CreateUserRequest: MessageTypeDefinition<_modelgate_identity_v1_CreateUserRequest, _modelgate_identity_v1_CreateUserRequest__Output>
        CreateUserResponse: MessageTypeDefinition<_modelgate_identity_v1_CreateUserResponse, _modelgate_identity_v1_CreateUserResponse__Output>
        GetUserRequest: MessageTypeDefinition<_modelgate_identity_v1_GetUserRequest, _modelgate_identity_v1_GetUserRequest__Output>
        GetUserResponse: MessageTypeDefinition<_modelgate_identity_v1_GetUserResponse, _modelgate_identity_v1_GetUserResponse__Output>
        ListUsersRequest: MessageTypeDefinition<_modelgate_identity_v1_ListUsersRequest, _modelgate_identity_v1_ListUsersRequest__Output>
        ListUsersResponse: MessageTypeDefinition<_modelgate_identity_v1_ListUsersResponse, _modelgate_identity_v1_ListUsersResponse__Output>
        ManageUserRequest: MessageTypeDefinition<_modelgate_identity_v1_ManageUserRequest, _modelgate_identity_v1_ManageUserRequest__Output>
        ManageUserResponse: MessageTypeDefinition<_modelgate_identity_v1_ManageUserResponse, _modelgate_identity_v1_ManageUserResponse__Output>
        UpdateUserRequest: MessageTypeDefinition<_modelgate_identity_v1_UpdateUserRequest, _modelgate_identity_v1_UpdateUserRequest__Output>
        UpdateUserResponse: MessageTypeDefinition<_modelgate_identity_v1_UpdateUserResponse, _modelgate_identity_v1_UpdateUserResponse__Output>
        User: MessageTypeDefinition<_modelgate_identity_v1_User, _modelgate_identity_v1_User__Output>
        UserAction: EnumTypeDefinition
        /**
         * UserAdminService is what admins do with other users' accounts. Every request names the acting
         * admin (`actor_id`); identity reads the actor's current role and status itself and applies the
         * rules: nobody acts on a user of the same or higher role, a regular admin cannot make admins,
         * the super admin cannot be disabled, deleted or demoted. Refusals are PERMISSION_DENIED or
         * FAILED_PRECONDITION with the message the console shows.
         */
        UserAdminService: SubtypeConstructor<typeof grpc.Client, _modelgate_identity_v1_UserAdminServiceClient> & { service: _modelgate_identity_v1_UserAdminServiceDefinition }
      }
    }
  }
}

