// Identity: users, tokens and options (settings). Served by `services/identity`.
import { serviceContract } from './contract';
import type {
  IdentityServiceClient,
  IdentityServiceDefinition,
} from './generated/modelgate/identity/v1/IdentityService';
import { loadProto } from './load';

/** `modelgate.identity.v1.IdentityService`: its typed definition (servers) and client class (clients). */
export const identityContract = serviceContract<IdentityServiceDefinition, IdentityServiceClient>(
  loadProto('modelgate/identity/v1/identity_service.proto'),
  'modelgate.identity.v1.IdentityService',
);

export type {
  IdentityServiceClient,
  IdentityServiceDefinition,
} from './generated/modelgate/identity/v1/IdentityService';
// Message types: `X` is what a sender builds (optional fields, int64 as number | string | Long),
// `X__Output` is what a receiver gets (every field present, int64 as a decimal string).
export type {
  GetPublicStatusRequest,
  GetPublicStatusRequest__Output,
} from './generated/modelgate/identity/v1/GetPublicStatusRequest';
export type {
  GetPublicStatusResponse,
  GetPublicStatusResponse__Output,
} from './generated/modelgate/identity/v1/GetPublicStatusResponse';
export type { PublicStatus, PublicStatus__Output } from './generated/modelgate/identity/v1/PublicStatus';
export type {
  ListOptionsRequest,
  ListOptionsRequest__Output,
} from './generated/modelgate/identity/v1/ListOptionsRequest';
export type {
  ListOptionsResponse,
  ListOptionsResponse__Output,
} from './generated/modelgate/identity/v1/ListOptionsResponse';
export type {
  UpdateOptionsRequest,
  UpdateOptionsRequest__Output,
} from './generated/modelgate/identity/v1/UpdateOptionsRequest';
export type {
  UpdateOptionsResponse,
  UpdateOptionsResponse__Output,
} from './generated/modelgate/identity/v1/UpdateOptionsResponse';
export type { Option, Option__Output } from './generated/modelgate/identity/v1/Option';
export type {
  AuthenticateSessionRequest,
  AuthenticateSessionRequest__Output,
} from './generated/modelgate/identity/v1/AuthenticateSessionRequest';
export type {
  AuthenticateSessionResponse,
  AuthenticateSessionResponse__Output,
} from './generated/modelgate/identity/v1/AuthenticateSessionResponse';
export type { SessionUser, SessionUser__Output } from './generated/modelgate/identity/v1/SessionUser';
