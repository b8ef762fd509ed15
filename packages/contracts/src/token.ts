// API tokens: the signed-in user's `sk-` keys. Served by `services/identity` next to its other
// services (identity owns the tokens' metadata and status).
import { serviceContract } from './contract';
import type { TokenServiceClient, TokenServiceDefinition } from './generated/modelgate/identity/v1/TokenService';
import { loadProto } from './load';

/** `modelgate.identity.v1.TokenService`: a user's own API tokens. */
export const tokenContract = serviceContract<TokenServiceDefinition, TokenServiceClient>(
  loadProto('modelgate/identity/v1/token_service.proto'),
  'modelgate.identity.v1.TokenService',
);

export type { TokenServiceClient, TokenServiceDefinition } from './generated/modelgate/identity/v1/TokenService';
export type { Token, Token__Output } from './generated/modelgate/identity/v1/Token';
export type { ListTokensRequest, ListTokensRequest__Output } from './generated/modelgate/identity/v1/ListTokensRequest';
export type { ListTokensResponse, ListTokensResponse__Output } from './generated/modelgate/identity/v1/ListTokensResponse';
export type {
  CreateTokensRequest,
  CreateTokensRequest__Output,
} from './generated/modelgate/identity/v1/CreateTokensRequest';
export type {
  UpdateTokenRequest,
  UpdateTokenRequest__Output,
} from './generated/modelgate/identity/v1/UpdateTokenRequest';
