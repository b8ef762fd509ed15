// Accounts, user management and third-party sign-in: the other identity services. Served by
// `services/identity` next to `IdentityService`.
import { serviceContract } from './contract';
import type {
  AccountServiceClient,
  AccountServiceDefinition,
} from './generated/modelgate/identity/v1/AccountService';
import type { OAuthServiceClient, OAuthServiceDefinition } from './generated/modelgate/identity/v1/OAuthService';
import type {
  UserAdminServiceClient,
  UserAdminServiceDefinition,
} from './generated/modelgate/identity/v1/UserAdminService';
import { loadProto } from './load';

/** `modelgate.identity.v1.AccountService`: registration, sign-in, the user's own account. */
export const accountContract = serviceContract<AccountServiceDefinition, AccountServiceClient>(
  loadProto('modelgate/identity/v1/account_service.proto'),
  'modelgate.identity.v1.AccountService',
);

/** `modelgate.identity.v1.UserAdminService`: admins managing users. */
export const userAdminContract = serviceContract<UserAdminServiceDefinition, UserAdminServiceClient>(
  loadProto('modelgate/identity/v1/user_admin_service.proto'),
  'modelgate.identity.v1.UserAdminService',
);

/** `modelgate.identity.v1.OAuthService`: sign-in and binding through external providers. */
export const oauthContract = serviceContract<OAuthServiceDefinition, OAuthServiceClient>(
  loadProto('modelgate/identity/v1/oauth_service.proto'),
  'modelgate.identity.v1.OAuthService',
);

export type {
  AccountServiceClient,
  AccountServiceDefinition,
} from './generated/modelgate/identity/v1/AccountService';
export type {
  UserAdminServiceClient,
  UserAdminServiceDefinition,
} from './generated/modelgate/identity/v1/UserAdminService';
export type { OAuthServiceClient, OAuthServiceDefinition } from './generated/modelgate/identity/v1/OAuthService';
export type { User, User__Output } from './generated/modelgate/identity/v1/User';
