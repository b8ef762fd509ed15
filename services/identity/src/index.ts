export { type IdentityDeps, startIdentityService } from './identity-service';
export { buildPublicStatus, type PublicStatus } from './status/public-status';
