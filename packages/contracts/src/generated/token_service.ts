import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CreateTokensRequest as _modelgate_identity_v1_CreateTokensRequest, CreateTokensRequest__Output as _modelgate_identity_v1_CreateTokensRequest__Output } from './modelgate/identity/v1/CreateTokensRequest';
import type { CreateTokensResponse as _modelgate_identity_v1_CreateTokensResponse, CreateTokensResponse__Output as _modelgate_identity_v1_CreateTokensResponse__Output } from './modelgate/identity/v1/CreateTokensResponse';
import type { DeleteTokenRequest as _modelgate_identity_v1_DeleteTokenRequest, DeleteTokenRequest__Output as _modelgate_identity_v1_DeleteTokenRequest__Output } from './modelgate/identity/v1/DeleteTokenRequest';
import type { DeleteTokenResponse as _modelgate_identity_v1_DeleteTokenResponse, DeleteTokenResponse__Output as _modelgate_identity_v1_DeleteTokenResponse__Output } from './modelgate/identity/v1/DeleteTokenResponse';
import type { GetTokenRequest as _modelgate_identity_v1_GetTokenRequest, GetTokenRequest__Output as _modelgate_identity_v1_GetTokenRequest__Output } from './modelgate/identity/v1/GetTokenRequest';
import type { GetTokenResponse as _modelgate_identity_v1_GetTokenResponse, GetTokenResponse__Output as _modelgate_identity_v1_GetTokenResponse__Output } from './modelgate/identity/v1/GetTokenResponse';
import type { ListTokensRequest as _modelgate_identity_v1_ListTokensRequest, ListTokensRequest__Output as _modelgate_identity_v1_ListTokensRequest__Output } from './modelgate/identity/v1/ListTokensRequest';
import type { ListTokensResponse as _modelgate_identity_v1_ListTokensResponse, ListTokensResponse__Output as _modelgate_identity_v1_ListTokensResponse__Output } from './modelgate/identity/v1/ListTokensResponse';
import type { SetTokenStatusRequest as _modelgate_identity_v1_SetTokenStatusRequest, SetTokenStatusRequest__Output as _modelgate_identity_v1_SetTokenStatusRequest__Output } from './modelgate/identity/v1/SetTokenStatusRequest';
import type { SetTokenStatusResponse as _modelgate_identity_v1_SetTokenStatusResponse, SetTokenStatusResponse__Output as _modelgate_identity_v1_SetTokenStatusResponse__Output } from './modelgate/identity/v1/SetTokenStatusResponse';
import type { Token as _modelgate_identity_v1_Token, Token__Output as _modelgate_identity_v1_Token__Output } from './modelgate/identity/v1/Token';
import type { TokenServiceClient as _modelgate_identity_v1_TokenServiceClient, TokenServiceDefinition as _modelgate_identity_v1_TokenServiceDefinition } from './modelgate/identity/v1/TokenService';
import type { UpdateTokenRequest as _modelgate_identity_v1_UpdateTokenRequest, UpdateTokenRequest__Output as _modelgate_identity_v1_UpdateTokenRequest__Output } from './modelgate/identity/v1/UpdateTokenRequest';
import type { UpdateTokenResponse as _modelgate_identity_v1_UpdateTokenResponse, UpdateTokenResponse__Output as _modelgate_identity_v1_UpdateTokenResponse__Output } from './modelgate/identity/v1/UpdateTokenResponse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  modelgate: {
    identity: {
      v1: {
        CreateTokensRequest: MessageTypeDefinition<_modelgate_identity_v1_CreateTokensRequest, _modelgate_identity_v1_CreateTokensRequest__Output>
        CreateTokensResponse: MessageTypeDefinition<_modelgate_identity_v1_CreateTokensResponse, _modelgate_identity_v1_CreateTokensResponse__Output>
        DeleteTokenRequest: MessageTypeDefinition<_modelgate_identity_v1_DeleteTokenRequest, _modelgate_identity_v1_DeleteTokenRequest__Output>
        DeleteTokenResponse: MessageTypeDefinition<_modelgate_identity_v1_DeleteTokenResponse, _modelgate_identity_v1_DeleteTokenResponse__Output>
        GetTokenRequest: MessageTypeDefinition<_modelgate_identity_v1_GetTokenRequest, _modelgate_identity_v1_GetTokenRequest__Output>
        GetTokenResponse: MessageTypeDefinition<_modelgate_identity_v1_GetTokenResponse, _modelgate_identity_v1_GetTokenResponse__Output>
        ListTokensRequest: MessageTypeDefinition<_modelgate_identity_v1_ListTokensRequest, _modelgate_identity_v1_ListTokensRequest__Output>
        ListTokensResponse: MessageTypeDefinition<_modelgate_identity_v1_ListTokensResponse, _modelgate_identity_v1_ListTokensResponse__Output>
        SetTokenStatusRequest: MessageTypeDefinition<_modelgate_identity_v1_SetTokenStatusRequest, _modelgate_identity_v1_SetTokenStatusRequest__Output>
        SetTokenStatusResponse: MessageTypeDefinition<_modelgate_identity_v1_SetTokenStatusResponse, _modelgate_identity_v1_SetTokenStatusResponse__Output>
        Token: MessageTypeDefinition<_modelgate_identity_v1_Token, _modelgate_identity_v1_Token__Output>
        /**
         * TokenService is what a user does with their own API tokens. Every request names the signed-in
         * user (`user_id`) and only ever reaches that user's live tokens: another user's token, a deleted
         * one or an unknown id is NOT_FOUND, never visible or changeable. Validation failures are
         * INVALID_ARGUMENT, and refusals to enable an expired or exhausted token FAILED_PRECONDITION, each
         * carrying the message the console shows. Every change is announced after commit on
         * `modelgate.evt.identity.token.changed`, so relays reload the tokens within a second.
         * 
         * Identity writes a token's metadata and status and never reads or writes its balance columns:
         * those are billing's (`BillingService.GetTokenBalances` shows them, `SetTokenBudget` writes the
         * budget a create or an edit asks for, and identity's enable rule reads billing's figure).
         */
        TokenService: SubtypeConstructor<typeof grpc.Client, _modelgate_identity_v1_TokenServiceClient> & { service: _modelgate_identity_v1_TokenServiceDefinition }
        UpdateTokenRequest: MessageTypeDefinition<_modelgate_identity_v1_UpdateTokenRequest, _modelgate_identity_v1_UpdateTokenRequest__Output>
        UpdateTokenResponse: MessageTypeDefinition<_modelgate_identity_v1_UpdateTokenResponse, _modelgate_identity_v1_UpdateTokenResponse__Output>
      }
    }
  }
}

