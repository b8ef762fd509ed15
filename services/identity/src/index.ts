export { startIdentityService } from './identity-service';
export { buildPublicStatus, type PublicStatus } from './status/public-status';
