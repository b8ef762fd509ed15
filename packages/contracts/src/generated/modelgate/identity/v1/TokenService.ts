// Original file: proto/modelgate/identity/v1/token_service.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateTokensRequest as _modelgate_identity_v1_CreateTokensRequest, CreateTokensRequest__Output as _modelgate_identity_v1_CreateTokensRequest__Output } from '../../../modelgate/identity/v1/CreateTokensRequest';
import type { CreateTokensResponse as _modelgate_identity_v1_CreateTokensResponse, CreateTokensResponse__Output as _modelgate_identity_v1_CreateTokensResponse__Output } from '../../../modelgate/identity/v1/CreateTokensResponse';
import type { DeleteTokenRequest as _modelgate_identity_v1_DeleteTokenRequest, DeleteTokenRequest__Output as _modelgate_identity_v1_DeleteTokenRequest__Output } from '../../../modelgate/identity/v1/DeleteTokenRequest';
import type { DeleteTokenResponse as _modelgate_identity_v1_DeleteTokenResponse, DeleteTokenResponse__Output as _modelgate_identity_v1_DeleteTokenResponse__Output } from '../../../modelgate/identity/v1/DeleteTokenResponse';
import type { GetTokenRequest as _modelgate_identity_v1_GetTokenRequest, GetTokenRequest__Output as _modelgate_identity_v1_GetTokenRequest__Output } from '../../../modelgate/identity/v1/GetTokenRequest';
import type { GetTokenResponse as _modelgate_identity_v1_GetTokenResponse, GetTokenResponse__Output as _modelgate_identity_v1_GetTokenResponse__Output } from '../../../modelgate/identity/v1/GetTokenResponse';
import type { ListTokensRequest as _modelgate_identity_v1_ListTokensRequest, ListTokensRequest__Output as _modelgate_identity_v1_ListTokensRequest__Output } from '../../../modelgate/identity/v1/ListTokensRequest';
import type { ListTokensResponse as _modelgate_identity_v1_ListTokensResponse, ListTokensResponse__Output as _modelgate_identity_v1_ListTokensResponse__Output } from '../../../modelgate/identity/v1/ListTokensResponse';
import type { SetTokenStatusRequest as _modelgate_identity_v1_SetTokenStatusRequest, SetTokenStatusRequest__Output as _modelgate_identity_v1_SetTokenStatusRequest__Output } from '../../../modelgate/identity/v1/SetTokenStatusRequest';
import type { SetTokenStatusResponse as _modelgate_identity_v1_SetTokenStatusResponse, SetTokenStatusResponse__Output as _modelgate_identity_v1_SetTokenStatusResponse__Output } from '../../../modelgate/identity/v1/SetTokenStatusResponse';
import type { UpdateTokenRequest as _modelgate_identity_v1_UpdateTokenRequest, UpdateTokenRequest__Output as _modelgate_identity_v1_UpdateTokenRequest__Output } from '../../../modelgate/identity/v1/UpdateTokenRequest';
import type { UpdateTokenResponse as _modelgate_identity_v1_UpdateTokenResponse, UpdateTokenResponse__Output as _modelgate_identity_v1_UpdateTokenResponse__Output } from '../../../modelgate/identity/v1/UpdateTokenResponse';

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
export interface TokenServiceClient extends grpc.Client {
  /**
   * CreateTokens creates `count` tokens with the same settings, each with a fresh random key; the
   * first is named `name`, every further one `name-` and 6 random letters and digits. All or none
   * are created: identity inserts them, then has billing set their budget, and removes them again
   * when billing fails (the error is answered). INVALID_ARGUMENT for a missing or too long name, a
   * bad expiry, quota, count, IP list or model list, or a group the user may not use.
   */
  CreateTokens(argument: _modelgate_identity_v1_CreateTokensRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_CreateTokensResponse__Output>): grpc.ClientUnaryCall;
  CreateTokens(argument: _modelgate_identity_v1_CreateTokensRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_CreateTokensResponse__Output>): grpc.ClientUnaryCall;
  CreateTokens(argument: _modelgate_identity_v1_CreateTokensRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_CreateTokensResponse__Output>): grpc.ClientUnaryCall;
  CreateTokens(argument: _modelgate_identity_v1_CreateTokensRequest, callback: grpc.requestCallback<_modelgate_identity_v1_CreateTokensResponse__Output>): grpc.ClientUnaryCall;
  /**
   * CreateTokens creates `count` tokens with the same settings, each with a fresh random key; the
   * first is named `name`, every further one `name-` and 6 random letters and digits. All or none
   * are created: identity inserts them, then has billing set their budget, and removes them again
   * when billing fails (the error is answered). INVALID_ARGUMENT for a missing or too long name, a
   * bad expiry, quota, count, IP list or model list, or a group the user may not use.
   */
  createTokens(argument: _modelgate_identity_v1_CreateTokensRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_CreateTokensResponse__Output>): grpc.ClientUnaryCall;
  createTokens(argument: _modelgate_identity_v1_CreateTokensRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_CreateTokensResponse__Output>): grpc.ClientUnaryCall;
  createTokens(argument: _modelgate_identity_v1_CreateTokensRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_CreateTokensResponse__Output>): grpc.ClientUnaryCall;
  createTokens(argument: _modelgate_identity_v1_CreateTokensRequest, callback: grpc.requestCallback<_modelgate_identity_v1_CreateTokensResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * DeleteToken soft-deletes a token: the row stays (logs keep its name), the key stops working.
   */
  DeleteToken(argument: _modelgate_identity_v1_DeleteTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_DeleteTokenResponse__Output>): grpc.ClientUnaryCall;
  DeleteToken(argument: _modelgate_identity_v1_DeleteTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_DeleteTokenResponse__Output>): grpc.ClientUnaryCall;
  DeleteToken(argument: _modelgate_identity_v1_DeleteTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_DeleteTokenResponse__Output>): grpc.ClientUnaryCall;
  DeleteToken(argument: _modelgate_identity_v1_DeleteTokenRequest, callback: grpc.requestCallback<_modelgate_identity_v1_DeleteTokenResponse__Output>): grpc.ClientUnaryCall;
  /**
   * DeleteToken soft-deletes a token: the row stays (logs keep its name), the key stops working.
   */
  deleteToken(argument: _modelgate_identity_v1_DeleteTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_DeleteTokenResponse__Output>): grpc.ClientUnaryCall;
  deleteToken(argument: _modelgate_identity_v1_DeleteTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_DeleteTokenResponse__Output>): grpc.ClientUnaryCall;
  deleteToken(argument: _modelgate_identity_v1_DeleteTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_DeleteTokenResponse__Output>): grpc.ClientUnaryCall;
  deleteToken(argument: _modelgate_identity_v1_DeleteTokenRequest, callback: grpc.requestCallback<_modelgate_identity_v1_DeleteTokenResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * GetToken returns one of the user's tokens. NOT_FOUND when the user has no such live token.
   */
  GetToken(argument: _modelgate_identity_v1_GetTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetTokenResponse__Output>): grpc.ClientUnaryCall;
  GetToken(argument: _modelgate_identity_v1_GetTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_GetTokenResponse__Output>): grpc.ClientUnaryCall;
  GetToken(argument: _modelgate_identity_v1_GetTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetTokenResponse__Output>): grpc.ClientUnaryCall;
  GetToken(argument: _modelgate_identity_v1_GetTokenRequest, callback: grpc.requestCallback<_modelgate_identity_v1_GetTokenResponse__Output>): grpc.ClientUnaryCall;
  /**
   * GetToken returns one of the user's tokens. NOT_FOUND when the user has no such live token.
   */
  getToken(argument: _modelgate_identity_v1_GetTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetTokenResponse__Output>): grpc.ClientUnaryCall;
  getToken(argument: _modelgate_identity_v1_GetTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_GetTokenResponse__Output>): grpc.ClientUnaryCall;
  getToken(argument: _modelgate_identity_v1_GetTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_GetTokenResponse__Output>): grpc.ClientUnaryCall;
  getToken(argument: _modelgate_identity_v1_GetTokenRequest, callback: grpc.requestCallback<_modelgate_identity_v1_GetTokenResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * ListTokens pages over the user's live tokens, newest first, optionally filtered by a name
   * keyword and (part of) a key. INVALID_ARGUMENT for a page or size out of range.
   */
  ListTokens(argument: _modelgate_identity_v1_ListTokensRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ListTokensResponse__Output>): grpc.ClientUnaryCall;
  ListTokens(argument: _modelgate_identity_v1_ListTokensRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_ListTokensResponse__Output>): grpc.ClientUnaryCall;
  ListTokens(argument: _modelgate_identity_v1_ListTokensRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ListTokensResponse__Output>): grpc.ClientUnaryCall;
  ListTokens(argument: _modelgate_identity_v1_ListTokensRequest, callback: grpc.requestCallback<_modelgate_identity_v1_ListTokensResponse__Output>): grpc.ClientUnaryCall;
  /**
   * ListTokens pages over the user's live tokens, newest first, optionally filtered by a name
   * keyword and (part of) a key. INVALID_ARGUMENT for a page or size out of range.
   */
  listTokens(argument: _modelgate_identity_v1_ListTokensRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ListTokensResponse__Output>): grpc.ClientUnaryCall;
  listTokens(argument: _modelgate_identity_v1_ListTokensRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_ListTokensResponse__Output>): grpc.ClientUnaryCall;
  listTokens(argument: _modelgate_identity_v1_ListTokensRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_ListTokensResponse__Output>): grpc.ClientUnaryCall;
  listTokens(argument: _modelgate_identity_v1_ListTokensRequest, callback: grpc.requestCallback<_modelgate_identity_v1_ListTokensResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * SetTokenStatus enables (1) or disables (2) a token, nothing else (INVALID_ARGUMENT).
   * Enabling is FAILED_PRECONDITION when the token has expired or its limited quota is used up.
   */
  SetTokenStatus(argument: _modelgate_identity_v1_SetTokenStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_SetTokenStatusResponse__Output>): grpc.ClientUnaryCall;
  SetTokenStatus(argument: _modelgate_identity_v1_SetTokenStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_SetTokenStatusResponse__Output>): grpc.ClientUnaryCall;
  SetTokenStatus(argument: _modelgate_identity_v1_SetTokenStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_SetTokenStatusResponse__Output>): grpc.ClientUnaryCall;
  SetTokenStatus(argument: _modelgate_identity_v1_SetTokenStatusRequest, callback: grpc.requestCallback<_modelgate_identity_v1_SetTokenStatusResponse__Output>): grpc.ClientUnaryCall;
  /**
   * SetTokenStatus enables (1) or disables (2) a token, nothing else (INVALID_ARGUMENT).
   * Enabling is FAILED_PRECONDITION when the token has expired or its limited quota is used up.
   */
  setTokenStatus(argument: _modelgate_identity_v1_SetTokenStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_SetTokenStatusResponse__Output>): grpc.ClientUnaryCall;
  setTokenStatus(argument: _modelgate_identity_v1_SetTokenStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_SetTokenStatusResponse__Output>): grpc.ClientUnaryCall;
  setTokenStatus(argument: _modelgate_identity_v1_SetTokenStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_SetTokenStatusResponse__Output>): grpc.ClientUnaryCall;
  setTokenStatus(argument: _modelgate_identity_v1_SetTokenStatusRequest, callback: grpc.requestCallback<_modelgate_identity_v1_SetTokenStatusResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * UpdateToken edits a token; absent fields stay as they are. An explicit status 2 disables it;
   * an explicit status 1 on a token that is not enabled enables it, and is FAILED_PRECONDITION
   * when the token would be expired or exhausted after the edit. A token marked expired or
   * exhausted whose edit removes the cause is enabled again. The metadata is written first; a
   * changed budget is then set by billing (a billing failure is answered, the metadata stays).
   */
  UpdateToken(argument: _modelgate_identity_v1_UpdateTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateTokenResponse__Output>): grpc.ClientUnaryCall;
  UpdateToken(argument: _modelgate_identity_v1_UpdateTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateTokenResponse__Output>): grpc.ClientUnaryCall;
  UpdateToken(argument: _modelgate_identity_v1_UpdateTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateTokenResponse__Output>): grpc.ClientUnaryCall;
  UpdateToken(argument: _modelgate_identity_v1_UpdateTokenRequest, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateTokenResponse__Output>): grpc.ClientUnaryCall;
  /**
   * UpdateToken edits a token; absent fields stay as they are. An explicit status 2 disables it;
   * an explicit status 1 on a token that is not enabled enables it, and is FAILED_PRECONDITION
   * when the token would be expired or exhausted after the edit. A token marked expired or
   * exhausted whose edit removes the cause is enabled again. The metadata is written first; a
   * changed budget is then set by billing (a billing failure is answered, the metadata stays).
   */
  updateToken(argument: _modelgate_identity_v1_UpdateTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateTokenResponse__Output>): grpc.ClientUnaryCall;
  updateToken(argument: _modelgate_identity_v1_UpdateTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateTokenResponse__Output>): grpc.ClientUnaryCall;
  updateToken(argument: _modelgate_identity_v1_UpdateTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateTokenResponse__Output>): grpc.ClientUnaryCall;
  updateToken(argument: _modelgate_identity_v1_UpdateTokenRequest, callback: grpc.requestCallback<_modelgate_identity_v1_UpdateTokenResponse__Output>): grpc.ClientUnaryCall;
  
}

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
export interface TokenServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * CreateTokens creates `count` tokens with the same settings, each with a fresh random key; the
   * first is named `name`, every further one `name-` and 6 random letters and digits. All or none
   * are created: identity inserts them, then has billing set their budget, and removes them again
   * when billing fails (the error is answered). INVALID_ARGUMENT for a missing or too long name, a
   * bad expiry, quota, count, IP list or model list, or a group the user may not use.
   */
  CreateTokens: grpc.handleUnaryCall<_modelgate_identity_v1_CreateTokensRequest__Output, _modelgate_identity_v1_CreateTokensResponse>;
  
  /**
   * DeleteToken soft-deletes a token: the row stays (logs keep its name), the key stops working.
   */
  DeleteToken: grpc.handleUnaryCall<_modelgate_identity_v1_DeleteTokenRequest__Output, _modelgate_identity_v1_DeleteTokenResponse>;
  
  /**
   * GetToken returns one of the user's tokens. NOT_FOUND when the user has no such live token.
   */
  GetToken: grpc.handleUnaryCall<_modelgate_identity_v1_GetTokenRequest__Output, _modelgate_identity_v1_GetTokenResponse>;
  
  /**
   * ListTokens pages over the user's live tokens, newest first, optionally filtered by a name
   * keyword and (part of) a key. INVALID_ARGUMENT for a page or size out of range.
   */
  ListTokens: grpc.handleUnaryCall<_modelgate_identity_v1_ListTokensRequest__Output, _modelgate_identity_v1_ListTokensResponse>;
  
  /**
   * SetTokenStatus enables (1) or disables (2) a token, nothing else (INVALID_ARGUMENT).
   * Enabling is FAILED_PRECONDITION when the token has expired or its limited quota is used up.
   */
  SetTokenStatus: grpc.handleUnaryCall<_modelgate_identity_v1_SetTokenStatusRequest__Output, _modelgate_identity_v1_SetTokenStatusResponse>;
  
  /**
   * UpdateToken edits a token; absent fields stay as they are. An explicit status 2 disables it;
   * an explicit status 1 on a token that is not enabled enables it, and is FAILED_PRECONDITION
   * when the token would be expired or exhausted after the edit. A token marked expired or
   * exhausted whose edit removes the cause is enabled again. The metadata is written first; a
   * changed budget is then set by billing (a billing failure is answered, the metadata stays).
   */
  UpdateToken: grpc.handleUnaryCall<_modelgate_identity_v1_UpdateTokenRequest__Output, _modelgate_identity_v1_UpdateTokenResponse>;
  
}

export interface TokenServiceDefinition extends grpc.ServiceDefinition {
  CreateTokens: MethodDefinition<_modelgate_identity_v1_CreateTokensRequest, _modelgate_identity_v1_CreateTokensResponse, _modelgate_identity_v1_CreateTokensRequest__Output, _modelgate_identity_v1_CreateTokensResponse__Output>
  DeleteToken: MethodDefinition<_modelgate_identity_v1_DeleteTokenRequest, _modelgate_identity_v1_DeleteTokenResponse, _modelgate_identity_v1_DeleteTokenRequest__Output, _modelgate_identity_v1_DeleteTokenResponse__Output>
  GetToken: MethodDefinition<_modelgate_identity_v1_GetTokenRequest, _modelgate_identity_v1_GetTokenResponse, _modelgate_identity_v1_GetTokenRequest__Output, _modelgate_identity_v1_GetTokenResponse__Output>
  ListTokens: MethodDefinition<_modelgate_identity_v1_ListTokensRequest, _modelgate_identity_v1_ListTokensResponse, _modelgate_identity_v1_ListTokensRequest__Output, _modelgate_identity_v1_ListTokensResponse__Output>
  SetTokenStatus: MethodDefinition<_modelgate_identity_v1_SetTokenStatusRequest, _modelgate_identity_v1_SetTokenStatusResponse, _modelgate_identity_v1_SetTokenStatusRequest__Output, _modelgate_identity_v1_SetTokenStatusResponse__Output>
  UpdateToken: MethodDefinition<_modelgate_identity_v1_UpdateTokenRequest, _modelgate_identity_v1_UpdateTokenResponse, _modelgate_identity_v1_UpdateTokenRequest__Output, _modelgate_identity_v1_UpdateTokenResponse__Output>
}
