// Original file: proto/modelgate/identity/v1/user_admin_service.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateUserRequest as _modelgate_identity_v1_CreateUserRequest, CreateUserRequest__Output as _modelgate_identity_v1_CreateUserRequest__Output } from '../../../modelgate/identity/v1/CreateUserRequest';
import type { CreateUserResponse as _modelgate_identity_v1_CreateUserResponse, CreateUserResponse__Output as _modelgate_identity_v1_CreateUserResponse__Output } from '../../../modelgate/identity/v1/CreateUserResponse';
import type { GetUserRequest as _modelgate_identity_v1_GetUserRequest, GetUserRequest__Output as _modelgate_identity_v1_GetUserRequest__Output } from '../../../modelgate/identity/v1/GetUserRequest';
import type { GetUserResponse as _modelgate_identity_v1_GetUserResponse, GetUserResponse__Output as _modelgate_identity_v1_GetUserResponse__Output } from '../../../modelgate/identity/v1/GetUserResponse';
import type { ListUsersRequest as _modelgate_identity_v1_ListUsersRequest, ListUsersRequest__Output as _modelgate_identity_v1_ListUsersRequest__Output } from '../../../modelgate/identity/v1/ListUsersRequest';
import type { ListUsersResponse as _modelgate_identity_v1_ListUsersResponse, ListUsersResponse__Output as _modelgate_identity_v1_ListUsersResponse__Output } from '../../../modelgate/identity/v1/ListUsersResponse';
import type { ManageUserRequest as _modelgate_identity_v1_ManageUserRequest, ManageUserRequest__Output as _modelgate_identity_v1_ManageUserRequest__Output } from '../../../modelgate/identity/v1/ManageUserRequest';
import type { ManageUserResponse as _modelgate_identity_v1_ManageUserResponse, ManageUserResponse__Output as _modelgate_identity_v1_ManageUserResponse__Output } from '../../../modelgate/identity/v1/ManageUserResponse';
import type { UpdateUserRequest as _modelgate_identity_v1_UpdateUserRequest, UpdateUserRequest__Output as _modelgate_identity_v1_UpdateUserRequest__Output } from '../../../modelgate/identity/v1/UpdateUserRequest';
import type { UpdateUserResponse as _modelgate_identity_v1_UpdateUserResponse, UpdateUserResponse__Output as _modelgate_identity_v1_UpdateUserResponse__Output } from '../../../modelgate/identity/v1/UpdateUserResponse';

/**
 * UserAdminService is what admins do with other users' accounts. Every request names the acting
 * admin (`actor_id`); identity reads the actor's current role and status itself and applies the
 * rules: nobody acts on a user of the same or higher role, a regular admin cannot make admins,
 * the super admin cannot be disabled, deleted or demoted. Refusals are PERMISSION_DENIED or
 * FAILED_PRECONDITION with the message the console shows.
 */
export interface UserAdminServiceClient extends grpc.Client {
  /**
   * CreateUser adds a common user. ALREADY_EXISTS when the username is taken (deleted users
   * included).
   */
  CreateUser(argument: _modelgate_identity_v1_CreateUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_CreateUserResponse__Output>): grpc.ClientUnaryCall;
  CreateUser(argument: _modelgate_identity_v1_CreateUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_CreateUserResponse__Output>): grpc.ClientUnaryCall;
  CreateUser(argument: _modelgate_identity_v1_CreateUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_CreateUserResponse__Output>): grpc.ClientUnaryCall;
  CreateUser(argument: _modelgate_identity_v1_CreateUserRequest, callback: grpc.requestCallback<_modelgate_identity_v1_CreateUserResponse__Output>): grpc.ClientUnaryCall;
  /**
   * CreateUser adds a common user. ALREADY_EXISTS when the username is taken (deleted users
   * included).
   */
  createUser(argument: _modelgate_identity_v1_CreateUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_CreateUserResponse__Output>): grpc.ClientUnaryCall;
  createUser(argument: _modelgate_identity_v1_CreateUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_CreateUserResponse__Output>): grpc.ClientUnaryCall;
  createUser(argument: _modelgate_identity_v1_CreateUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_CreateUserResponse__Output>): grpc.ClientUnaryCall;
  createUser(argument: _modelgate_identity_v1_CreateUserRequest, callback: grpc.requestCallback<_modelgate_identity_v1_CreateUserResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * GetUser returns any user, deleted ones included. NOT_FOUND when there is no such user;
   * PERMISSION_DENIED when the target's role is the actor's or higher (the super admin may view
   * anyone).
   */
  GetUser(argument: _modelgate_identity_v1_GetUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _modelgate_identity_v1_GetUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _modelgate_identity_v1_GetUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _modelgate_identity_v1_GetUserRequest, callback: grpc.requestCallback<_modelgate_identity_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  /**
   * GetUser returns any user, deleted ones included. NOT_FOUND when there is no such user;
   * PERMISSION_DENIED when the target's role is the actor's or higher (the super admin may view
   * anyone).
   */
  getUser(argument: _modelgate_identity_v1_GetUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  getUser(argument: _modelgate_identity_v1_GetUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  getUser(argument: _modelgate_identity_v1_GetUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  getUser(argument: _modelgate_identity_v1_GetUserRequest, callback: grpc.requestCallback<_modelgate_identity_v1_GetUserResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * ListUsers pages over every user, deleted ones included, newest first; optionally filtered by
   * a keyword (id, username, email, display name) and a group.
   */
  ListUsers(argument: _modelgate_identity_v1_ListUsersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  ListUsers(argument: _modelgate_identity_v1_ListUsersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  ListUsers(argument: _modelgate_identity_v1_ListUsersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  ListUsers(argument: _modelgate_identity_v1_ListUsersRequest, callback: grpc.requestCallback<_modelgate_identity_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  /**
   * ListUsers pages over every user, deleted ones included, newest first; optionally filtered by
   * a keyword (id, username, email, display name) and a group.
   */
  listUsers(argument: _modelgate_identity_v1_ListUsersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  listUsers(argument: _modelgate_identity_v1_ListUsersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  listUsers(argument: _modelgate_identity_v1_ListUsersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  listUsers(argument: _modelgate_identity_v1_ListUsersRequest, callback: grpc.requestCallback<_modelgate_identity_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * ManageUser promotes, demotes, enables, disables or (softly) deletes a user.
   */
  ManageUser(argument: _modelgate_identity_v1_ManageUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ManageUserResponse__Output>): grpc.ClientUnaryCall;
  ManageUser(argument: _modelgate_identity_v1_ManageUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_ManageUserResponse__Output>): grpc.ClientUnaryCall;
  ManageUser(argument: _modelgate_identity_v1_ManageUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ManageUserResponse__Output>): grpc.ClientUnaryCall;
  ManageUser(argument: _modelgate_identity_v1_ManageUserRequest, callback: grpc.requestCallback<_modelgate_identity_v1_ManageUserResponse__Output>): grpc.ClientUnaryCall;
  /**
   * ManageUser promotes, demotes, enables, disables or (softly) deletes a user.
   */
  manageUser(argument: _modelgate_identity_v1_ManageUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ManageUserResponse__Output>): grpc.ClientUnaryCall;
  manageUser(argument: _modelgate_identity_v1_ManageUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_ManageUserResponse__Output>): grpc.ClientUnaryCall;
  manageUser(argument: _modelgate_identity_v1_ManageUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ManageUserResponse__Output>): grpc.ClientUnaryCall;
  manageUser(argument: _modelgate_identity_v1_ManageUserRequest, callback: grpc.requestCallback<_modelgate_identity_v1_ManageUserResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * UpdateUser edits a user's username, display name, password, group and balance. Absent
   * fields are left unchanged; balance changes go through billing with a management log.
   */
  UpdateUser(argument: _modelgate_identity_v1_UpdateUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateUserResponse__Output>): grpc.ClientUnaryCall;
  UpdateUser(argument: _modelgate_identity_v1_UpdateUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateUserResponse__Output>): grpc.ClientUnaryCall;
  UpdateUser(argument: _modelgate_identity_v1_UpdateUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateUserResponse__Output>): grpc.ClientUnaryCall;
  UpdateUser(argument: _modelgate_identity_v1_UpdateUserRequest, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateUserResponse__Output>): grpc.ClientUnaryCall;
  /**
   * UpdateUser edits a user's username, display name, password, group and balance. Absent
   * fields are left unchanged; balance changes go through billing with a management log.
   */
  updateUser(argument: _modelgate_identity_v1_UpdateUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateUserResponse__Output>): grpc.ClientUnaryCall;
  updateUser(argument: _modelgate_identity_v1_UpdateUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateUserResponse__Output>): grpc.ClientUnaryCall;
  updateUser(argument: _modelgate_identity_v1_UpdateUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateUserResponse__Output>): grpc.ClientUnaryCall;
  updateUser(argument: _modelgate_identity_v1_UpdateUserRequest, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateUserResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * UserAdminService is what admins do with other users' accounts. Every request names the acting
 * admin (`actor_id`); identity reads the actor's current role and status itself and applies the
 * rules: nobody acts on a user of the same or higher role, a regular admin cannot make admins,
 * the super admin cannot be disabled, deleted or demoted. Refusals are PERMISSION_DENIED or
 * FAILED_PRECONDITION with the message the console shows.
 */
export interface UserAdminServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * CreateUser adds a common user. ALREADY_EXISTS when the username is taken (deleted users
   * included).
   */
  CreateUser: grpc.handleUnaryCall<_modelgate_identity_v1_CreateUserRequest__Output, _modelgate_identity_v1_CreateUserResponse>;
  
  /**
   * GetUser returns any user, deleted ones included. NOT_FOUND when there is no such user;
   * PERMISSION_DENIED when the target's role is the actor's or higher (the super admin may view
   * anyone).
   */
  GetUser: grpc.handleUnaryCall<_modelgate_identity_v1_GetUserRequest__Output, _modelgate_identity_v1_GetUserResponse>;
  
  /**
   * ListUsers pages over every user, deleted ones included, newest first; optionally filtered by
   * a keyword (id, username, email, display name) and a group.
   */
  ListUsers: grpc.handleUnaryCall<_modelgate_identity_v1_ListUsersRequest__Output, _modelgate_identity_v1_ListUsersResponse>;
  
  /**
   * ManageUser promotes, demotes, enables, disables or (softly) deletes a user.
   */
  ManageUser: grpc.handleUnaryCall<_modelgate_identity_v1_ManageUserRequest__Output, _modelgate_identity_v1_ManageUserResponse>;
  
  /**
   * UpdateUser edits a user's username, display name, password, group and balance. Absent
   * fields are left unchanged; balance changes go through billing with a management log.
   */
  UpdateUser: grpc.handleUnaryCall<_modelgate_identity_v1_UpdateUserRequest__Output, _modelgate_identity_v1_UpdateUserResponse>;
  
}

export interface UserAdminServiceDefinition extends grpc.ServiceDefinition {
  CreateUser: MethodDefinition<_modelgate_identity_v1_CreateUserRequest, _modelgate_identity_v1_CreateUserResponse, _modelgate_identity_v1_CreateUserRequest__Output, _modelgate_identity_v1_CreateUserResponse__Output>
  GetUser: MethodDefinition<_modelgate_identity_v1_GetUserRequest, _modelgate_identity_v1_GetUserResponse, _modelgate_identity_v1_GetUserRequest__Output, _modelgate_identity_v1_GetUserResponse__Output>
  ListUsers: MethodDefinition<_modelgate_identity_v1_ListUsersRequest, _modelgate_identity_v1_ListUsersResponse, _modelgate_identity_v1_ListUsersRequest__Output, _modelgate_identity_v1_ListUsersResponse__Output>
  ManageUser: MethodDefinition<_modelgate_identity_v1_ManageUserRequest, _modelgate_identity_v1_ManageUserResponse, _modelgate_identity_v1_ManageUserRequest__Output, _modelgate_identity_v1_ManageUserResponse__Output>
  UpdateUser: MethodDefinition<_modelgate_identity_v1_UpdateUserRequest, _modelgate_identity_v1_UpdateUserResponse, _modelgate_identity_v1_UpdateUserRequest__Output, _modelgate_identity_v1_UpdateUserResponse__Output>
}
