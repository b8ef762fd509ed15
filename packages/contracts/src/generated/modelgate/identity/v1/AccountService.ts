// Original file: proto/modelgate/identity/v1/account_service.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { BindEmailRequest as _modelgate_identity_v1_BindEmailRequest, BindEmailRequest__Output as _modelgate_identity_v1_BindEmailRequest__Output } from '../../../modelgate/identity/v1/BindEmailRequest';
import type { BindEmailResponse as _modelgate_identity_v1_BindEmailResponse, BindEmailResponse__Output as _modelgate_identity_v1_BindEmailResponse__Output } from '../../../modelgate/identity/v1/BindEmailResponse';
import type { DeleteSelfRequest as _modelgate_identity_v1_DeleteSelfRequest, DeleteSelfRequest__Output as _modelgate_identity_v1_DeleteSelfRequest__Output } from '../../../modelgate/identity/v1/DeleteSelfRequest';
import type { DeleteSelfResponse as _modelgate_identity_v1_DeleteSelfResponse, DeleteSelfResponse__Output as _modelgate_identity_v1_DeleteSelfResponse__Output } from '../../../modelgate/identity/v1/DeleteSelfResponse';
import type { GenerateAccessTokenRequest as _modelgate_identity_v1_GenerateAccessTokenRequest, GenerateAccessTokenRequest__Output as _modelgate_identity_v1_GenerateAccessTokenRequest__Output } from '../../../modelgate/identity/v1/GenerateAccessTokenRequest';
import type { GenerateAccessTokenResponse as _modelgate_identity_v1_GenerateAccessTokenResponse, GenerateAccessTokenResponse__Output as _modelgate_identity_v1_GenerateAccessTokenResponse__Output } from '../../../modelgate/identity/v1/GenerateAccessTokenResponse';
import type { GetAffCodeRequest as _modelgate_identity_v1_GetAffCodeRequest, GetAffCodeRequest__Output as _modelgate_identity_v1_GetAffCodeRequest__Output } from '../../../modelgate/identity/v1/GetAffCodeRequest';
import type { GetAffCodeResponse as _modelgate_identity_v1_GetAffCodeResponse, GetAffCodeResponse__Output as _modelgate_identity_v1_GetAffCodeResponse__Output } from '../../../modelgate/identity/v1/GetAffCodeResponse';
import type { GetSelfRequest as _modelgate_identity_v1_GetSelfRequest, GetSelfRequest__Output as _modelgate_identity_v1_GetSelfRequest__Output } from '../../../modelgate/identity/v1/GetSelfRequest';
import type { GetSelfResponse as _modelgate_identity_v1_GetSelfResponse, GetSelfResponse__Output as _modelgate_identity_v1_GetSelfResponse__Output } from '../../../modelgate/identity/v1/GetSelfResponse';
import type { ListUsableGroupsRequest as _modelgate_identity_v1_ListUsableGroupsRequest, ListUsableGroupsRequest__Output as _modelgate_identity_v1_ListUsableGroupsRequest__Output } from '../../../modelgate/identity/v1/ListUsableGroupsRequest';
import type { ListUsableGroupsResponse as _modelgate_identity_v1_ListUsableGroupsResponse, ListUsableGroupsResponse__Output as _modelgate_identity_v1_ListUsableGroupsResponse__Output } from '../../../modelgate/identity/v1/ListUsableGroupsResponse';
import type { LoginRequest as _modelgate_identity_v1_LoginRequest, LoginRequest__Output as _modelgate_identity_v1_LoginRequest__Output } from '../../../modelgate/identity/v1/LoginRequest';
import type { LoginResponse as _modelgate_identity_v1_LoginResponse, LoginResponse__Output as _modelgate_identity_v1_LoginResponse__Output } from '../../../modelgate/identity/v1/LoginResponse';
import type { RegisterRequest as _modelgate_identity_v1_RegisterRequest, RegisterRequest__Output as _modelgate_identity_v1_RegisterRequest__Output } from '../../../modelgate/identity/v1/RegisterRequest';
import type { RegisterResponse as _modelgate_identity_v1_RegisterResponse, RegisterResponse__Output as _modelgate_identity_v1_RegisterResponse__Output } from '../../../modelgate/identity/v1/RegisterResponse';
import type { ResetPasswordRequest as _modelgate_identity_v1_ResetPasswordRequest, ResetPasswordRequest__Output as _modelgate_identity_v1_ResetPasswordRequest__Output } from '../../../modelgate/identity/v1/ResetPasswordRequest';
import type { ResetPasswordResponse as _modelgate_identity_v1_ResetPasswordResponse, ResetPasswordResponse__Output as _modelgate_identity_v1_ResetPasswordResponse__Output } from '../../../modelgate/identity/v1/ResetPasswordResponse';
import type { SendPasswordResetRequest as _modelgate_identity_v1_SendPasswordResetRequest, SendPasswordResetRequest__Output as _modelgate_identity_v1_SendPasswordResetRequest__Output } from '../../../modelgate/identity/v1/SendPasswordResetRequest';
import type { SendPasswordResetResponse as _modelgate_identity_v1_SendPasswordResetResponse, SendPasswordResetResponse__Output as _modelgate_identity_v1_SendPasswordResetResponse__Output } from '../../../modelgate/identity/v1/SendPasswordResetResponse';
import type { SendVerificationCodeRequest as _modelgate_identity_v1_SendVerificationCodeRequest, SendVerificationCodeRequest__Output as _modelgate_identity_v1_SendVerificationCodeRequest__Output } from '../../../modelgate/identity/v1/SendVerificationCodeRequest';
import type { SendVerificationCodeResponse as _modelgate_identity_v1_SendVerificationCodeResponse, SendVerificationCodeResponse__Output as _modelgate_identity_v1_SendVerificationCodeResponse__Output } from '../../../modelgate/identity/v1/SendVerificationCodeResponse';
import type { UpdateSelfRequest as _modelgate_identity_v1_UpdateSelfRequest, UpdateSelfRequest__Output as _modelgate_identity_v1_UpdateSelfRequest__Output } from '../../../modelgate/identity/v1/UpdateSelfRequest';
import type { UpdateSelfResponse as _modelgate_identity_v1_UpdateSelfResponse, UpdateSelfResponse__Output as _modelgate_identity_v1_UpdateSelfResponse__Output } from '../../../modelgate/identity/v1/UpdateSelfResponse';
import type { UpdateSettingRequest as _modelgate_identity_v1_UpdateSettingRequest, UpdateSettingRequest__Output as _modelgate_identity_v1_UpdateSettingRequest__Output } from '../../../modelgate/identity/v1/UpdateSettingRequest';
import type { UpdateSettingResponse as _modelgate_identity_v1_UpdateSettingResponse, UpdateSettingResponse__Output as _modelgate_identity_v1_UpdateSettingResponse__Output } from '../../../modelgate/identity/v1/UpdateSettingResponse';

/**
 * AccountService is what a user does with their own account. Validation failures are
 * INVALID_ARGUMENT or FAILED_PRECONDITION carrying the message the console shows; a throttled
 * mail request is RESOURCE_EXHAUSTED with the `rate_limited` error code.
 */
export interface AccountServiceClient extends grpc.Client {
  /**
   * BindEmail binds an address to the user with a code from SendVerificationCode.
   */
  BindEmail(argument: _modelgate_identity_v1_BindEmailRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_BindEmailResponse__Output>): grpc.ClientUnaryCall;
  BindEmail(argument: _modelgate_identity_v1_BindEmailRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_BindEmailResponse__Output>): grpc.ClientUnaryCall;
  BindEmail(argument: _modelgate_identity_v1_BindEmailRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_BindEmailResponse__Output>): grpc.ClientUnaryCall;
  BindEmail(argument: _modelgate_identity_v1_BindEmailRequest, callback: grpc.requestCallback<_modelgate_identity_v1_BindEmailResponse__Output>): grpc.ClientUnaryCall;
  /**
   * BindEmail binds an address to the user with a code from SendVerificationCode.
   */
  bindEmail(argument: _modelgate_identity_v1_BindEmailRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_BindEmailResponse__Output>): grpc.ClientUnaryCall;
  bindEmail(argument: _modelgate_identity_v1_BindEmailRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_BindEmailResponse__Output>): grpc.ClientUnaryCall;
  bindEmail(argument: _modelgate_identity_v1_BindEmailRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_BindEmailResponse__Output>): grpc.ClientUnaryCall;
  bindEmail(argument: _modelgate_identity_v1_BindEmailRequest, callback: grpc.requestCallback<_modelgate_identity_v1_BindEmailResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * DeleteSelf soft-deletes the user's own account; refused for the super admin.
   */
  DeleteSelf(argument: _modelgate_identity_v1_DeleteSelfRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_DeleteSelfResponse__Output>): grpc.ClientUnaryCall;
  DeleteSelf(argument: _modelgate_identity_v1_DeleteSelfRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_DeleteSelfResponse__Output>): grpc.ClientUnaryCall;
  DeleteSelf(argument: _modelgate_identity_v1_DeleteSelfRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_DeleteSelfResponse__Output>): grpc.ClientUnaryCall;
  DeleteSelf(argument: _modelgate_identity_v1_DeleteSelfRequest, callback: grpc.requestCallback<_modelgate_identity_v1_DeleteSelfResponse__Output>): grpc.ClientUnaryCall;
  /**
   * DeleteSelf soft-deletes the user's own account; refused for the super admin.
   */
  deleteSelf(argument: _modelgate_identity_v1_DeleteSelfRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_DeleteSelfResponse__Output>): grpc.ClientUnaryCall;
  deleteSelf(argument: _modelgate_identity_v1_DeleteSelfRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_DeleteSelfResponse__Output>): grpc.ClientUnaryCall;
  deleteSelf(argument: _modelgate_identity_v1_DeleteSelfRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_DeleteSelfResponse__Output>): grpc.ClientUnaryCall;
  deleteSelf(argument: _modelgate_identity_v1_DeleteSelfRequest, callback: grpc.requestCallback<_modelgate_identity_v1_DeleteSelfResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * GenerateAccessToken replaces the user's system access token with a new random one.
   */
  GenerateAccessToken(argument: _modelgate_identity_v1_GenerateAccessTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GenerateAccessTokenResponse__Output>): grpc.ClientUnaryCall;
  GenerateAccessToken(argument: _modelgate_identity_v1_GenerateAccessTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_GenerateAccessTokenResponse__Output>): grpc.ClientUnaryCall;
  GenerateAccessToken(argument: _modelgate_identity_v1_GenerateAccessTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GenerateAccessTokenResponse__Output>): grpc.ClientUnaryCall;
  GenerateAccessToken(argument: _modelgate_identity_v1_GenerateAccessTokenRequest, callback: grpc.requestCallback<_modelgate_identity_v1_GenerateAccessTokenResponse__Output>): grpc.ClientUnaryCall;
  /**
   * GenerateAccessToken replaces the user's system access token with a new random one.
   */
  generateAccessToken(argument: _modelgate_identity_v1_GenerateAccessTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GenerateAccessTokenResponse__Output>): grpc.ClientUnaryCall;
  generateAccessToken(argument: _modelgate_identity_v1_GenerateAccessTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_GenerateAccessTokenResponse__Output>): grpc.ClientUnaryCall;
  generateAccessToken(argument: _modelgate_identity_v1_GenerateAccessTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GenerateAccessTokenResponse__Output>): grpc.ClientUnaryCall;
  generateAccessToken(argument: _modelgate_identity_v1_GenerateAccessTokenRequest, callback: grpc.requestCallback<_modelgate_identity_v1_GenerateAccessTokenResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * GetAffCode returns the user's invitation code, creating one when the user has none.
   */
  GetAffCode(argument: _modelgate_identity_v1_GetAffCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetAffCodeResponse__Output>): grpc.ClientUnaryCall;
  GetAffCode(argument: _modelgate_identity_v1_GetAffCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_GetAffCodeResponse__Output>): grpc.ClientUnaryCall;
  GetAffCode(argument: _modelgate_identity_v1_GetAffCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetAffCodeResponse__Output>): grpc.ClientUnaryCall;
  GetAffCode(argument: _modelgate_identity_v1_GetAffCodeRequest, callback: grpc.requestCallback<_modelgate_identity_v1_GetAffCodeResponse__Output>): grpc.ClientUnaryCall;
  /**
   * GetAffCode returns the user's invitation code, creating one when the user has none.
   */
  getAffCode(argument: _modelgate_identity_v1_GetAffCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetAffCodeResponse__Output>): grpc.ClientUnaryCall;
  getAffCode(argument: _modelgate_identity_v1_GetAffCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_GetAffCodeResponse__Output>): grpc.ClientUnaryCall;
  getAffCode(argument: _modelgate_identity_v1_GetAffCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetAffCodeResponse__Output>): grpc.ClientUnaryCall;
  getAffCode(argument: _modelgate_identity_v1_GetAffCodeRequest, callback: grpc.requestCallback<_modelgate_identity_v1_GetAffCodeResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * GetSelf returns the user's own full view. NOT_FOUND when the user does not exist (or was deleted).
   */
  GetSelf(argument: _modelgate_identity_v1_GetSelfRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetSelfResponse__Output>): grpc.ClientUnaryCall;
  GetSelf(argument: _modelgate_identity_v1_GetSelfRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_GetSelfResponse__Output>): grpc.ClientUnaryCall;
  GetSelf(argument: _modelgate_identity_v1_GetSelfRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetSelfResponse__Output>): grpc.ClientUnaryCall;
  GetSelf(argument: _modelgate_identity_v1_GetSelfRequest, callback: grpc.requestCallback<_modelgate_identity_v1_GetSelfResponse__Output>): grpc.ClientUnaryCall;
  /**
   * GetSelf returns the user's own full view. NOT_FOUND when the user does not exist (or was deleted).
   */
  getSelf(argument: _modelgate_identity_v1_GetSelfRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetSelfResponse__Output>): grpc.ClientUnaryCall;
  getSelf(argument: _modelgate_identity_v1_GetSelfRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_GetSelfResponse__Output>): grpc.ClientUnaryCall;
  getSelf(argument: _modelgate_identity_v1_GetSelfRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetSelfResponse__Output>): grpc.ClientUnaryCall;
  getSelf(argument: _modelgate_identity_v1_GetSelfRequest, callback: grpc.requestCallback<_modelgate_identity_v1_GetSelfResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * ListUsableGroups returns the groups the user may choose (UserUsableGroups plus their own).
   */
  ListUsableGroups(argument: _modelgate_identity_v1_ListUsableGroupsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ListUsableGroupsResponse__Output>): grpc.ClientUnaryCall;
  ListUsableGroups(argument: _modelgate_identity_v1_ListUsableGroupsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_ListUsableGroupsResponse__Output>): grpc.ClientUnaryCall;
  ListUsableGroups(argument: _modelgate_identity_v1_ListUsableGroupsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ListUsableGroupsResponse__Output>): grpc.ClientUnaryCall;
  ListUsableGroups(argument: _modelgate_identity_v1_ListUsableGroupsRequest, callback: grpc.requestCallback<_modelgate_identity_v1_ListUsableGroupsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * ListUsableGroups returns the groups the user may choose (UserUsableGroups plus their own).
   */
  listUsableGroups(argument: _modelgate_identity_v1_ListUsableGroupsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ListUsableGroupsResponse__Output>): grpc.ClientUnaryCall;
  listUsableGroups(argument: _modelgate_identity_v1_ListUsableGroupsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_ListUsableGroupsResponse__Output>): grpc.ClientUnaryCall;
  listUsableGroups(argument: _modelgate_identity_v1_ListUsableGroupsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ListUsableGroupsResponse__Output>): grpc.ClientUnaryCall;
  listUsableGroups(argument: _modelgate_identity_v1_ListUsableGroupsRequest, callback: grpc.requestCallback<_modelgate_identity_v1_ListUsableGroupsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Login checks a username (or email) and password. It opens no session: edge does.
   */
  Login(argument: _modelgate_identity_v1_LoginRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_LoginResponse__Output>): grpc.ClientUnaryCall;
  Login(argument: _modelgate_identity_v1_LoginRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_LoginResponse__Output>): grpc.ClientUnaryCall;
  Login(argument: _modelgate_identity_v1_LoginRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_LoginResponse__Output>): grpc.ClientUnaryCall;
  Login(argument: _modelgate_identity_v1_LoginRequest, callback: grpc.requestCallback<_modelgate_identity_v1_LoginResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Login checks a username (or email) and password. It opens no session: edge does.
   */
  login(argument: _modelgate_identity_v1_LoginRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_LoginResponse__Output>): grpc.ClientUnaryCall;
  login(argument: _modelgate_identity_v1_LoginRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_LoginResponse__Output>): grpc.ClientUnaryCall;
  login(argument: _modelgate_identity_v1_LoginRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_LoginResponse__Output>): grpc.ClientUnaryCall;
  login(argument: _modelgate_identity_v1_LoginRequest, callback: grpc.requestCallback<_modelgate_identity_v1_LoginResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Register creates a common user with a password (and a verified email when verification is on),
   * credits the new-user and invitation gifts through billing, and announces the user.
   */
  Register(argument: _modelgate_identity_v1_RegisterRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_RegisterResponse__Output>): grpc.ClientUnaryCall;
  Register(argument: _modelgate_identity_v1_RegisterRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_RegisterResponse__Output>): grpc.ClientUnaryCall;
  Register(argument: _modelgate_identity_v1_RegisterRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_RegisterResponse__Output>): grpc.ClientUnaryCall;
  Register(argument: _modelgate_identity_v1_RegisterRequest, callback: grpc.requestCallback<_modelgate_identity_v1_RegisterResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Register creates a common user with a password (and a verified email when verification is on),
   * credits the new-user and invitation gifts through billing, and announces the user.
   */
  register(argument: _modelgate_identity_v1_RegisterRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_RegisterResponse__Output>): grpc.ClientUnaryCall;
  register(argument: _modelgate_identity_v1_RegisterRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_RegisterResponse__Output>): grpc.ClientUnaryCall;
  register(argument: _modelgate_identity_v1_RegisterRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_RegisterResponse__Output>): grpc.ClientUnaryCall;
  register(argument: _modelgate_identity_v1_RegisterRequest, callback: grpc.requestCallback<_modelgate_identity_v1_RegisterResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * ResetPassword redeems a reset link's token: sets a new random password and returns it once.
   */
  ResetPassword(argument: _modelgate_identity_v1_ResetPasswordRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ResetPasswordResponse__Output>): grpc.ClientUnaryCall;
  ResetPassword(argument: _modelgate_identity_v1_ResetPasswordRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_ResetPasswordResponse__Output>): grpc.ClientUnaryCall;
  ResetPassword(argument: _modelgate_identity_v1_ResetPasswordRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ResetPasswordResponse__Output>): grpc.ClientUnaryCall;
  ResetPassword(argument: _modelgate_identity_v1_ResetPasswordRequest, callback: grpc.requestCallback<_modelgate_identity_v1_ResetPasswordResponse__Output>): grpc.ClientUnaryCall;
  /**
   * ResetPassword redeems a reset link's token: sets a new random password and returns it once.
   */
  resetPassword(argument: _modelgate_identity_v1_ResetPasswordRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ResetPasswordResponse__Output>): grpc.ClientUnaryCall;
  resetPassword(argument: _modelgate_identity_v1_ResetPasswordRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_ResetPasswordResponse__Output>): grpc.ClientUnaryCall;
  resetPassword(argument: _modelgate_identity_v1_ResetPasswordRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ResetPasswordResponse__Output>): grpc.ClientUnaryCall;
  resetPassword(argument: _modelgate_identity_v1_ResetPasswordRequest, callback: grpc.requestCallback<_modelgate_identity_v1_ResetPasswordResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * SendPasswordReset mails a reset link when an account has the address; it answers the same
   * whether or not one does.
   */
  SendPasswordReset(argument: _modelgate_identity_v1_SendPasswordResetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_SendPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  SendPasswordReset(argument: _modelgate_identity_v1_SendPasswordResetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_SendPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  SendPasswordReset(argument: _modelgate_identity_v1_SendPasswordResetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_SendPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  SendPasswordReset(argument: _modelgate_identity_v1_SendPasswordResetRequest, callback: grpc.requestCallback<_modelgate_identity_v1_SendPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  /**
   * SendPasswordReset mails a reset link when an account has the address; it answers the same
   * whether or not one does.
   */
  sendPasswordReset(argument: _modelgate_identity_v1_SendPasswordResetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_SendPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  sendPasswordReset(argument: _modelgate_identity_v1_SendPasswordResetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_SendPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  sendPasswordReset(argument: _modelgate_identity_v1_SendPasswordResetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_SendPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  sendPasswordReset(argument: _modelgate_identity_v1_SendPasswordResetRequest, callback: grpc.requestCallback<_modelgate_identity_v1_SendPasswordResetResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * SendVerificationCode mails a 6-character code proving an address (registration, binding).
   */
  SendVerificationCode(argument: _modelgate_identity_v1_SendVerificationCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_SendVerificationCodeResponse__Output>): grpc.ClientUnaryCall;
  SendVerificationCode(argument: _modelgate_identity_v1_SendVerificationCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_SendVerificationCodeResponse__Output>): grpc.ClientUnaryCall;
  SendVerificationCode(argument: _modelgate_identity_v1_SendVerificationCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_SendVerificationCodeResponse__Output>): grpc.ClientUnaryCall;
  SendVerificationCode(argument: _modelgate_identity_v1_SendVerificationCodeRequest, callback: grpc.requestCallback<_modelgate_identity_v1_SendVerificationCodeResponse__Output>): grpc.ClientUnaryCall;
  /**
   * SendVerificationCode mails a 6-character code proving an address (registration, binding).
   */
  sendVerificationCode(argument: _modelgate_identity_v1_SendVerificationCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_SendVerificationCodeResponse__Output>): grpc.ClientUnaryCall;
  sendVerificationCode(argument: _modelgate_identity_v1_SendVerificationCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_SendVerificationCodeResponse__Output>): grpc.ClientUnaryCall;
  sendVerificationCode(argument: _modelgate_identity_v1_SendVerificationCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_SendVerificationCodeResponse__Output>): grpc.ClientUnaryCall;
  sendVerificationCode(argument: _modelgate_identity_v1_SendVerificationCodeRequest, callback: grpc.requestCallback<_modelgate_identity_v1_SendVerificationCodeResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * UpdateSelf changes the user's own username, display name or password.
   */
  UpdateSelf(argument: _modelgate_identity_v1_UpdateSelfRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateSelfResponse__Output>): grpc.ClientUnaryCall;
  UpdateSelf(argument: _modelgate_identity_v1_UpdateSelfRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateSelfResponse__Output>): grpc.ClientUnaryCall;
  UpdateSelf(argument: _modelgate_identity_v1_UpdateSelfRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateSelfResponse__Output>): grpc.ClientUnaryCall;
  UpdateSelf(argument: _modelgate_identity_v1_UpdateSelfRequest, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateSelfResponse__Output>): grpc.ClientUnaryCall;
  /**
   * UpdateSelf changes the user's own username, display name or password.
   */
  updateSelf(argument: _modelgate_identity_v1_UpdateSelfRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateSelfResponse__Output>): grpc.ClientUnaryCall;
  updateSelf(argument: _modelgate_identity_v1_UpdateSelfRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateSelfResponse__Output>): grpc.ClientUnaryCall;
  updateSelf(argument: _modelgate_identity_v1_UpdateSelfRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateSelfResponse__Output>): grpc.ClientUnaryCall;
  updateSelf(argument: _modelgate_identity_v1_UpdateSelfRequest, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateSelfResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * UpdateSetting stores the user's notification settings.
   */
  UpdateSetting(argument: _modelgate_identity_v1_UpdateSettingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateSettingResponse__Output>): grpc.ClientUnaryCall;
  UpdateSetting(argument: _modelgate_identity_v1_UpdateSettingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateSettingResponse__Output>): grpc.ClientUnaryCall;
  UpdateSetting(argument: _modelgate_identity_v1_UpdateSettingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateSettingResponse__Output>): grpc.ClientUnaryCall;
  UpdateSetting(argument: _modelgate_identity_v1_UpdateSettingRequest, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateSettingResponse__Output>): grpc.ClientUnaryCall;
  /**
   * UpdateSetting stores the user's notification settings.
   */
  updateSetting(argument: _modelgate_identity_v1_UpdateSettingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateSettingResponse__Output>): grpc.ClientUnaryCall;
  updateSetting(argument: _modelgate_identity_v1_UpdateSettingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateSettingResponse__Output>): grpc.ClientUnaryCall;
  updateSetting(argument: _modelgate_identity_v1_UpdateSettingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateSettingResponse__Output>): grpc.ClientUnaryCall;
  updateSetting(argument: _modelgate_identity_v1_UpdateSettingRequest, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateSettingResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * AccountService is what a user does with their own account. Validation failures are
 * INVALID_ARGUMENT or FAILED_PRECONDITION carrying the message the console shows; a throttled
 * mail request is RESOURCE_EXHAUSTED with the `rate_limited` error code.
 */
export interface AccountServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * BindEmail binds an address to the user with a code from SendVerificationCode.
   */
  BindEmail: grpc.handleUnaryCall<_modelgate_identity_v1_BindEmailRequest__Output, _modelgate_identity_v1_BindEmailResponse>;
  
  /**
   * DeleteSelf soft-deletes the user's own account; refused for the super admin.
   */
  DeleteSelf: grpc.handleUnaryCall<_modelgate_identity_v1_DeleteSelfRequest__Output, _modelgate_identity_v1_DeleteSelfResponse>;
  
  /**
   * GenerateAccessToken replaces the user's system access token with a new random one.
   */
  GenerateAccessToken: grpc.handleUnaryCall<_modelgate_identity_v1_GenerateAccessTokenRequest__Output, _modelgate_identity_v1_GenerateAccessTokenResponse>;
  
  /**
   * GetAffCode returns the user's invitation code, creating one when the user has none.
   */
  GetAffCode: grpc.handleUnaryCall<_modelgate_identity_v1_GetAffCodeRequest__Output, _modelgate_identity_v1_GetAffCodeResponse>;
  
  /**
   * GetSelf returns the user's own full view. NOT_FOUND when the user does not exist (or was deleted).
   */
  GetSelf: grpc.handleUnaryCall<_modelgate_identity_v1_GetSelfRequest__Output, _modelgate_identity_v1_GetSelfResponse>;
  
  /**
   * ListUsableGroups returns the groups the user may choose (UserUsableGroups plus their own).
   */
  ListUsableGroups: grpc.handleUnaryCall<_modelgate_identity_v1_ListUsableGroupsRequest__Output, _modelgate_identity_v1_ListUsableGroupsResponse>;
  
  /**
   * Login checks a username (or email) and password. It opens no session: edge does.
   */
  Login: grpc.handleUnaryCall<_modelgate_identity_v1_LoginRequest__Output, _modelgate_identity_v1_LoginResponse>;
  
  /**
   * Register creates a common user with a password (and a verified email when verification is on),
   * credits the new-user and invitation gifts through billing, and announces the user.
   */
  Register: grpc.handleUnaryCall<_modelgate_identity_v1_RegisterRequest__Output, _modelgate_identity_v1_RegisterResponse>;
  
  /**
   * ResetPassword redeems a reset link's token: sets a new random password and returns it once.
   */
  ResetPassword: grpc.handleUnaryCall<_modelgate_identity_v1_ResetPasswordRequest__Output, _modelgate_identity_v1_ResetPasswordResponse>;
  
  /**
   * SendPasswordReset mails a reset link when an account has the address; it answers the same
   * whether or not one does.
   */
  SendPasswordReset: grpc.handleUnaryCall<_modelgate_identity_v1_SendPasswordResetRequest__Output, _modelgate_identity_v1_SendPasswordResetResponse>;
  
  /**
   * SendVerificationCode mails a 6-character code proving an address (registration, binding).
   */
  SendVerificationCode: grpc.handleUnaryCall<_modelgate_identity_v1_SendVerificationCodeRequest__Output, _modelgate_identity_v1_SendVerificationCodeResponse>;
  
  /**
   * UpdateSelf changes the user's own username, display name or password.
   */
  UpdateSelf: grpc.handleUnaryCall<_modelgate_identity_v1_UpdateSelfRequest__Output, _modelgate_identity_v1_UpdateSelfResponse>;
  
  /**
   * UpdateSetting stores the user's notification settings.
   */
  UpdateSetting: grpc.handleUnaryCall<_modelgate_identity_v1_UpdateSettingRequest__Output, _modelgate_identity_v1_UpdateSettingResponse>;
  
}

export interface AccountServiceDefinition extends grpc.ServiceDefinition {
  BindEmail: MethodDefinition<_modelgate_identity_v1_BindEmailRequest, _modelgate_identity_v1_BindEmailResponse, _modelgate_identity_v1_BindEmailRequest__Output, _modelgate_identity_v1_BindEmailResponse__Output>
  DeleteSelf: MethodDefinition<_modelgate_identity_v1_DeleteSelfRequest, _modelgate_identity_v1_DeleteSelfResponse, _modelgate_identity_v1_DeleteSelfRequest__Output, _modelgate_identity_v1_DeleteSelfResponse__Output>
  GenerateAccessToken: MethodDefinition<_modelgate_identity_v1_GenerateAccessTokenRequest, _modelgate_identity_v1_GenerateAccessTokenResponse, _modelgate_identity_v1_GenerateAccessTokenRequest__Output, _modelgate_identity_v1_GenerateAccessTokenResponse__Output>
  GetAffCode: MethodDefinition<_modelgate_identity_v1_GetAffCodeRequest, _modelgate_identity_v1_GetAffCodeResponse, _modelgate_identity_v1_GetAffCodeRequest__Output, _modelgate_identity_v1_GetAffCodeResponse__Output>
  GetSelf: MethodDefinition<_modelgate_identity_v1_GetSelfRequest, _modelgate_identity_v1_GetSelfResponse, _modelgate_identity_v1_GetSelfRequest__Output, _modelgate_identity_v1_GetSelfResponse__Output>
  ListUsableGroups: MethodDefinition<_modelgate_identity_v1_ListUsableGroupsRequest, _modelgate_identity_v1_ListUsableGroupsResponse, _modelgate_identity_v1_ListUsableGroupsRequest__Output, _modelgate_identity_v1_ListUsableGroupsResponse__Output>
  Login: MethodDefinition<_modelgate_identity_v1_LoginRequest, _modelgate_identity_v1_LoginResponse, _modelgate_identity_v1_LoginRequest__Output, _modelgate_identity_v1_LoginResponse__Output>
  Register: MethodDefinition<_modelgate_identity_v1_RegisterRequest, _modelgate_identity_v1_RegisterResponse, _modelgate_identity_v1_RegisterRequest__Output, _modelgate_identity_v1_RegisterResponse__Output>
  ResetPassword: MethodDefinition<_modelgate_identity_v1_ResetPasswordRequest, _modelgate_identity_v1_ResetPasswordResponse, _modelgate_identity_v1_ResetPasswordRequest__Output, _modelgate_identity_v1_ResetPasswordResponse__Output>
  SendPasswordReset: MethodDefinition<_modelgate_identity_v1_SendPasswordResetRequest, _modelgate_identity_v1_SendPasswordResetResponse, _modelgate_identity_v1_SendPasswordResetRequest__Output, _modelgate_identity_v1_SendPasswordResetResponse__Output>
  SendVerificationCode: MethodDefinition<_modelgate_identity_v1_SendVerificationCodeRequest, _modelgate_identity_v1_SendVerificationCodeResponse, _modelgate_identity_v1_SendVerificationCodeRequest__Output, _modelgate_identity_v1_SendVerificationCodeResponse__Output>
  UpdateSelf: MethodDefinition<_modelgate_identity_v1_UpdateSelfRequest, _modelgate_identity_v1_UpdateSelfResponse, _modelgate_identity_v1_UpdateSelfRequest__Output, _modelgate_identity_v1_UpdateSelfResponse__Output>
  UpdateSetting: MethodDefinition<_modelgate_identity_v1_UpdateSettingRequest, _modelgate_identity_v1_UpdateSettingResponse, _modelgate_identity_v1_UpdateSettingRequest__Output, _modelgate_identity_v1_UpdateSettingResponse__Output>
}
