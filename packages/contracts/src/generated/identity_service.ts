import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AuthenticateSessionRequest as _modelgate_identity_v1_AuthenticateSessionRequest, AuthenticateSessionRequest__Output as _modelgate_identity_v1_AuthenticateSessionRequest__Output } from './modelgate/identity/v1/AuthenticateSessionRequest';
import type { AuthenticateSessionResponse as _modelgate_identity_v1_AuthenticateSessionResponse, AuthenticateSessionResponse__Output as _modelgate_identity_v1_AuthenticateSessionResponse__Output } from './modelgate/identity/v1/AuthenticateSessionResponse';
import type { GetPublicStatusRequest as _modelgate_identity_v1_GetPublicStatusRequest, GetPublicStatusRequest__Output as _modelgate_identity_v1_GetPublicStatusRequest__Output } from './modelgate/identity/v1/GetPublicStatusRequest';
import type { GetPublicStatusResponse as _modelgate_identity_v1_GetPublicStatusResponse, GetPublicStatusResponse__Output as _modelgate_identity_v1_GetPublicStatusResponse__Output } from './modelgate/identity/v1/GetPublicStatusResponse';
import type { IdentityServiceClient as _modelgate_identity_v1_IdentityServiceClient, IdentityServiceDefinition as _modelgate_identity_v1_IdentityServiceDefinition } from './modelgate/identity/v1/IdentityService';
import type { ListOptionsRequest as _modelgate_identity_v1_ListOptionsRequest, ListOptionsRequest__Output as _modelgate_identity_v1_ListOptionsRequest__Output } from './modelgate/identity/v1/ListOptionsRequest';
import type { ListOptionsResponse as _modelgate_identity_v1_ListOptionsResponse, ListOptionsResponse__Output as _modelgate_identity_v1_ListOptionsResponse__Output } from './modelgate/identity/v1/ListOptionsResponse';
import type { Option as _modelgate_identity_v1_Option, Option__Output as _modelgate_identity_v1_Option__Output } from './modelgate/identity/v1/Option';
import type { PublicStatus as _modelgate_identity_v1_PublicStatus, PublicStatus__Output as _modelgate_identity_v1_PublicStatus__Output } from './modelgate/identity/v1/PublicStatus';
import type { ResetModelRatioRequest as _modelgate_identity_v1_ResetModelRatioRequest, ResetModelRatioRequest__Output as _modelgate_identity_v1_ResetModelRatioRequest__Output } from './modelgate/identity/v1/ResetModelRatioRequest';
import type { ResetModelRatioResponse as _modelgate_identity_v1_ResetModelRatioResponse, ResetModelRatioResponse__Output as _modelgate_identity_v1_ResetModelRatioResponse__Output } from './modelgate/identity/v1/ResetModelRatioResponse';
import type { SessionUser as _modelgate_identity_v1_SessionUser, SessionUser__Output as _modelgate_identity_v1_SessionUser__Output } from './modelgate/identity/v1/SessionUser';
import type { UpdateOptionsRequest as _modelgate_identity_v1_UpdateOptionsRequest, UpdateOptionsRequest__Output as _modelgate_identity_v1_UpdateOptionsRequest__Output } from './modelgate/identity/v1/UpdateOptionsRequest';
import type { UpdateOptionsResponse as _modelgate_identity_v1_UpdateOptionsResponse, UpdateOptionsResponse__Output as _modelgate_identity_v1_UpdateOptionsResponse__Output } from './modelgate/identity/v1/UpdateOptionsResponse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  modelgate: {
    identity: {
      v1: {
        AuthenticateSessionRequest: MessageTypeDefinition<_modelgate_identity_v1_AuthenticateSessionRequest, _modelgate_identity_v1_AuthenticateSessionRequest__Output>
        AuthenticateSessionResponse: MessageTypeDefinition<_modelgate_identity_v1_AuthenticateSessionResponse, _modelgate_identity_v1_AuthenticateSessionResponse__Output>
        GetPublicStatusRequest: MessageTypeDefinition<_modelgate_identity_v1_GetPublicStatusRequest, _modelgate_identity_v1_GetPublicStatusRequest__Output>
        GetPublicStatusResponse: MessageTypeDefinition<_modelgate_identity_v1_GetPublicStatusResponse, _modelgate_identity_v1_GetPublicStatusResponse__Output>
        /**
         * IdentityService serves sign-in configuration, settings and console sessions to the other
         * services.
         */
        IdentityService: SubtypeConstructor<typeof grpc.Client, _modelgate_identity_v1_IdentityServiceClient> & { service: _modelgate_identity_v1_IdentityServiceDefinition }
        ListOptionsRequest: MessageTypeDefinition<_modelgate_identity_v1_ListOptionsRequest, _modelgate_identity_v1_ListOptionsRequest__Output>
        ListOptionsResponse: MessageTypeDefinition<_modelgate_identity_v1_ListOptionsResponse, _modelgate_identity_v1_ListOptionsResponse__Output>
        Option: MessageTypeDefinition<_modelgate_identity_v1_Option, _modelgate_identity_v1_Option__Output>
        PublicStatus: MessageTypeDefinition<_modelgate_identity_v1_PublicStatus, _modelgate_identity_v1_PublicStatus__Output>
        ResetModelRatioRequest: MessageTypeDefinition<_modelgate_identity_v1_ResetModelRatioRequest, _modelgate_identity_v1_ResetModelRatioRequest__Output>
        ResetModelRatioResponse: MessageTypeDefinition<_modelgate_identity_v1_ResetModelRatioResponse, _modelgate_identity_v1_ResetModelRatioResponse__Output>
        SessionUser: MessageTypeDefinition<_modelgate_identity_v1_SessionUser, _modelgate_identity_v1_SessionUser__Output>
        UpdateOptionsRequest: MessageTypeDefinition<_modelgate_identity_v1_UpdateOptionsRequest, _modelgate_identity_v1_UpdateOptionsRequest__Output>
        UpdateOptionsResponse: MessageTypeDefinition<_modelgate_identity_v1_UpdateOptionsResponse, _modelgate_identity_v1_UpdateOptionsResponse__Output>
      }
    }
  }
}

