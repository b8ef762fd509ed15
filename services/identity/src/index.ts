export { type IdentityDeps, startIdentityService } from './identity-service';
export { buildPublicStatus, type PublicStatus } from './status/public-status';
export { oauthProviderConfig } from './oauth/provider-config';
