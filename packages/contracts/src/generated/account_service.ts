import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AccountServiceClient as _modelgate_identity_v1_AccountServiceClient, AccountServiceDefinition as _modelgate_identity_v1_AccountServiceDefinition } from './modelgate/identity/v1/AccountService';
import type { BindEmailRequest as _modelgate_identity_v1_BindEmailRequest, BindEmailRequest__Output as _modelgate_identity_v1_BindEmailRequest__Output } from './modelgate/identity/v1/BindEmailRequest';
import type { BindEmailResponse as _modelgate_identity_v1_BindEmailResponse, BindEmailResponse__Output as _modelgate_identity_v1_BindEmailResponse__Output } from './modelgate/identity/v1/BindEmailResponse';
import type { DeleteSelfRequest as _modelgate_identity_v1_DeleteSelfRequest, DeleteSelfRequest__Output as _modelgate_identity_v1_DeleteSelfRequest__Output } from './modelgate/identity/v1/DeleteSelfRequest';
import type { DeleteSelfResponse as _modelgate_identity_v1_DeleteSelfResponse, DeleteSelfResponse__Output as _modelgate_identity_v1_DeleteSelfResponse__Output } from './modelgate/identity/v1/DeleteSelfResponse';
import type { GenerateAccessTokenRequest as _modelgate_identity_v1_GenerateAccessTokenRequest, GenerateAccessTokenRequest__Output as _modelgate_identity_v1_GenerateAccessTokenRequest__Output } from './modelgate/identity/v1/GenerateAccessTokenRequest';
import type { GenerateAccessTokenResponse as _modelgate_identity_v1_GenerateAccessTokenResponse, GenerateAccessTokenResponse__Output as _modelgate_identity_v1_GenerateAccessTokenResponse__Output } from './modelgate/identity/v1/GenerateAccessTokenResponse';
import type { GetAffCodeRequest as _modelgate_identity_v1_GetAffCodeRequest, GetAffCodeRequest__Output as _modelgate_identity_v1_GetAffCodeRequest__Output } from './modelgate/identity/v1/GetAffCodeRequest';
import type { GetAffCodeResponse as _modelgate_identity_v1_GetAffCodeResponse, GetAffCodeResponse__Output as _modelgate_identity_v1_GetAffCodeResponse__Output } from './modelgate/identity/v1/GetAffCodeResponse';
import type { GetSelfRequest as _modelgate_identity_v1_GetSelfRequest, GetSelfRequest__Output as _modelgate_identity_v1_GetSelfRequest__Output } from './modelgate/identity/v1/GetSelfRequest';
import type { GetSelfResponse as _modelgate_identity_v1_GetSelfResponse, GetSelfResponse__Output as _modelgate_identity_v1_GetSelfResponse__Output } from './modelgate/identity/v1/GetSelfResponse';
import type { ListUsableGroupsRequest as _modelgate_identity_v1_ListUsableGroupsRequest, ListUsableGroupsRequest__Output as _modelgate_identity_v1_ListUsableGroupsRequest__Output } from './modelgate/identity/v1/ListUsableGroupsRequest';
import type { ListUsableGroupsResponse as _modelgate_identity_v1_ListUsableGroupsResponse, ListUsableGroupsResponse__Output as _modelgate_identity_v1_ListUsableGroupsResponse__Output } from './modelgate/identity/v1/ListUsableGroupsResponse';
import type { LoginRequest as _modelgate_identity_v1_LoginRequest, LoginRequest__Output as _modelgate_identity_v1_LoginRequest__Output } from './modelgate/identity/v1/LoginRequest';
import type { LoginResponse as _modelgate_identity_v1_LoginResponse, LoginResponse__Output as _modelgate_identity_v1_LoginResponse__Output } from './modelgate/identity/v1/LoginResponse';
import type { RegisterRequest as _modelgate_identity_v1_RegisterRequest, RegisterRequest__Output as _modelgate_identity_v1_RegisterRequest__Output } from './modelgate/identity/v1/RegisterRequest';
import type { RegisterResponse as _modelgate_identity_v1_RegisterResponse, RegisterResponse__Output as _modelgate_identity_v1_RegisterResponse__Output } from './modelgate/identity/v1/RegisterResponse';
import type { ResetPasswordRequest as _modelgate_identity_v1_ResetPasswordRequest, ResetPasswordRequest__Output as _modelgate_identity_v1_ResetPasswordRequest__Output } from './modelgate/identity/v1/ResetPasswordRequest';
import type { ResetPasswordResponse as _modelgate_identity_v1_ResetPasswordResponse, ResetPasswordResponse__Output as _modelgate_identity_v1_ResetPasswordResponse__Output } from './modelgate/identity/v1/ResetPasswordResponse';
import type { SendPasswordResetRequest as _modelgate_identity_v1_SendPasswordResetRequest, SendPasswordResetRequest__Output as _modelgate_identity_v1_SendPasswordResetRequest__Output } from './modelgate/identity/v1/SendPasswordResetRequest';
import type { SendPasswordResetResponse as _modelgate_identity_v1_SendPasswordResetResponse, SendPasswordResetResponse__Output as _modelgate_identity_v1_SendPasswordResetResponse__Output } from './modelgate/identity/v1/SendPasswordResetResponse';
import type { SendVerificationCodeRequest as _modelgate_identity_v1_SendVerificationCodeRequest, SendVerificationCodeRequest__Output as _modelgate_identity_v1_SendVerificationCodeRequest__Output } from './modelgate/identity/v1/SendVerificationCodeRequest';
import type { SendVerificationCodeResponse as _modelgate_identity_v1_SendVerificationCodeResponse, SendVerificationCodeResponse__Output as _modelgate_identity_v1_SendVerificationCodeResponse__Output } from './modelgate/identity/v1/SendVerificationCodeResponse';
import type { UpdateSelfRequest as _modelgate_identity_v1_UpdateSelfRequest, UpdateSelfRequest__Output as _modelgate_identity_v1_UpdateSelfRequest__Output } from './modelgate/identity/v1/UpdateSelfRequest';
import type { UpdateSelfResponse as _modelgate_identity_v1_UpdateSelfResponse, UpdateSelfResponse__Output as _modelgate_identity_v1_UpdateSelfResponse__Output } from './modelgate/identity/v1/UpdateSelfResponse';
import type { UpdateSettingRequest as _modelgate_identity_v1_UpdateSettingRequest, UpdateSettingRequest__Output as _modelgate_identity_v1_UpdateSettingRequest__Output } from './modelgate/identity/v1/UpdateSettingRequest';
import type { UpdateSettingResponse as _modelgate_identity_v1_UpdateSettingResponse, UpdateSettingResponse__Output as _modelgate_identity_v1_UpdateSettingResponse__Output } from './modelgate/identity/v1/UpdateSettingResponse';
import type { UsableGroup as _modelgate_identity_v1_UsableGroup, UsableGroup__Output as _modelgate_identity_v1_UsableGroup__Output } from './modelgate/identity/v1/UsableGroup';
import type { User as _modelgate_identity_v1_User, User__Output as _modelgate_identity_v1_User__Output } from './modelgate/identity/v1/User';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  modelgate: {
    identity: {
      v1: {
        /**
         * AccountService is what a user does with their own account. Validation failures are
         * INVALID_ARGUMENT or FAILED_PRECONDITION carrying the message the console shows; a throttled
         * mail request is RESOURCE_EXHAUSTED with the `rate_limited` error code.
         */
        AccountService: SubtypeConstructor<typeof grpc.Client, _modelgate_identity_v1_AccountServiceClient> & { service: _modelgate_identity_v1_AccountServiceDefinition }
        BindEmailRequest: MessageTypeDefinition<_modelgate_identity_v1_BindEmailRequest, _modelgate_identity_v1_BindEmailRequest__Output>
        BindEmailResponse: MessageTypeDefinition<_modelgate_identity_v1_BindEmailResponse, _modelgate_identity_v1_BindEmailResponse__Output>
        DeleteSelfRequest: MessageTypeDefinition<_modelgate_identity_v1_DeleteSelfRequest, _modelgate_identity_v1_DeleteSelfRequest__Output>
        DeleteSelfResponse: MessageTypeDefinition<_modelgate_identity_v1_DeleteSelfResponse, _modelgate_identity_v1_DeleteSelfResponse__Output>
        GenerateAccessTokenRequest: MessageTypeDefinition<_modelgate_identity_v1_GenerateAccessTokenRequest, _modelgate_identity_v1_GenerateAccessTokenRequest__Output>
        GenerateAccessTokenResponse: MessageTypeDefinition<_modelgate_identity_v1_GenerateAccessTokenResponse, _modelgate_identity_v1_GenerateAccessTokenResponse__Output>
        GetAffCodeRequest: MessageTypeDefinition<_modelgate_identity_v1_GetAffCodeRequest, _modelgate_identity_v1_GetAffCodeRequest__Output>
        GetAffCodeResponse: MessageTypeDefinition<_modelgate_identity_v1_GetAffCodeResponse, _modelgate_identity_v1_GetAffCodeResponse__Output>
        GetSelfRequest: MessageTypeDefinition<_modelgate_identity_v1_GetSelfRequest, _modelgate_identity_v1_GetSelfRequest__Output>
        GetSelfResponse: MessageTypeDefinition<_modelgate_identity_v1_GetSelfResponse, _modelgate_identity_v1_GetSelfResponse__Output>
        ListUsableGroupsRequest: MessageTypeDefinition<_modelgate_identity_v1_ListUsableGroupsRequest, _modelgate_identity_v1_ListUsableGroupsRequest__Output>
        ListUsableGroupsResponse: MessageTypeDefinition<_modelgate_identity_v1_ListUsableGroupsResponse, _modelgate_identity_v1_ListUsableGroupsResponse__Output>
        LoginRequest: MessageTypeDefinition<_modelgate_identity_v1_LoginRequest, _modelgate_identity_v1_LoginRequest__Output>
        LoginResponse: MessageTypeDefinition<_modelgate_identity_v1_LoginResponse, _modelgate_identity_v1_LoginResponse__Output>
        RegisterRequest: MessageTypeDefinition<_modelgate_identity_v1_RegisterRequest, _modelgate_identity_v1_RegisterRequest__Output>
        RegisterResponse: MessageTypeDefinition<_modelgate_identity_v1_RegisterResponse, _modelgate_identity_v1_RegisterResponse__Output>
        ResetPasswordRequest: MessageTypeDefinition<_modelgate_identity_v1_ResetPasswordRequest, _modelgate_identity_v1_ResetPasswordRequest__Output>
        ResetPasswordResponse: MessageTypeDefinition<_modelgate_identity_v1_ResetPasswordResponse, _modelgate_identity_v1_ResetPasswordResponse__Output>
        SendPasswordResetRequest: MessageTypeDefinition<_modelgate_identity_v1_SendPasswordResetRequest, _modelgate_identity_v1_SendPasswordResetRequest__Output>
        SendPasswordResetResponse: MessageTypeDefinition<_modelgate_identity_v1_SendPasswordResetResponse, _modelgate_identity_v1_SendPasswordResetResponse__Output>
        SendVerificationCodeRequest: MessageTypeDefinition<_modelgate_identity_v1_SendVerificationCodeRequest, _modelgate_identity_v1_SendVerificationCodeRequest__Output>
        SendVerificationCodeResponse: MessageTypeDefinition<_modelgate_identity_v1_SendVerificationCodeResponse, _modelgate_identity_v1_SendVerificationCodeResponse__Output>
        UpdateSelfRequest: MessageTypeDefinition<_modelgate_identity_v1_UpdateSelfRequest, _modelgate_identity_v1_UpdateSelfRequest__Output>
        UpdateSelfResponse: MessageTypeDefinition<_modelgate_identity_v1_UpdateSelfResponse, _modelgate_identity_v1_UpdateSelfResponse__Output>
        UpdateSettingRequest: MessageTypeDefinition<_modelgate_identity_v1_UpdateSettingRequest, _modelgate_identity_v1_UpdateSettingRequest__Output>
        UpdateSettingResponse: MessageTypeDefinition<_modelgate_identity_v1_UpdateSettingResponse, _modelgate_identity_v1_UpdateSettingResponse__Output>
        UsableGroup: MessageTypeDefinition<_modelgate_identity_v1_UsableGroup, _modelgate_identity_v1_UsableGroup__Output>
        User: MessageTypeDefinition<_modelgate_identity_v1_User, _modelgate_identity_v1_User__Output>
      }
    }
  }
}

