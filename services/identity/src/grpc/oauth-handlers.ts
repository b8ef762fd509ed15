import { createHash, randomBytes } from 'node:crypto';
import type { OAuthServiceDefinition } from '@modelgate/contracts';
import { VerificationPurpose } from '@modelgate/db';
import type { UnaryServiceImplementation } from '@modelgate/runtime';
import type { IdentityContext } from '../identity-context';

/** How long an OAuth state stays usable. */
const STATE_TTL_MS = 10 * 60_000;

/** `modelgate.identity.v1.OAuthService`. */
export function createOAuthHandlers(context: IdentityContext): UnaryServiceImplementation<OAuthServiceDefinition> {
  return {
    async CreateState() {
      const state = randomBytes(9).toString('base64url');
      const stateHash = createHash('sha256').update(state).digest('hex');
      await context.dataSource.query(
        `INSERT INTO verification_codes (purpose, target, code_hash, expires_at)
         VALUES ($1, $2, $2, now() + ($3 || ' milliseconds')::interval)`,
        [VerificationPurpose.OAuthState, stateHash, String(STATE_TTL_MS)],
      );
      return { state };
    },
  };
}
