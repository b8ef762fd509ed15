// Google's OAuth 2.0 token endpoint for service accounts: the JWT-bearer grant
// (`grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=<RS256 JWT>`) exchanged for
// `{access_token, expires_in, token_type: "Bearer"}`; refusals in OAuth's `{error,
// error_description}`.
import type { ServerResponse } from 'node:http';
import { errorKindForStatus } from '../errors';
import type { Exchange } from '../exchange';
import type { GoogleCredentials } from '../google-credentials';
import { decodeJwt, verifiesRs256 } from '../google-jwt';
import { sendJson } from '../reply';
import { GOOGLE_TOKEN_URL } from '../service-account';
import type { FakeBehaviour, FakeErrorKind } from '../types';

/** The grant a service account's JWT is exchanged with. */
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** Longest lifetime (`exp - iat`) Google accepts of an assertion. */
const MAX_ASSERTION_SECONDS = 3600;
/** Clock skew allowed on `iat` and `exp`. */
const SKEW_SECONDS = 300;

interface OAuthError {
  readonly status: number;
  readonly error: string;
  readonly description: string;
}

/** Sends an OAuth error. */
export function sendOAuthError(res: ServerResponse, e: OAuthError): void {
  sendJson(res, e.status, { error: e.error, error_description: e.description });
}

const KIND_ERRORS: Readonly<Record<FakeErrorKind, OAuthError>> = {
  invalid_api_key: { status: 400, error: 'invalid_grant', description: 'Invalid grant: account not found' },
  account_deactivated: { status: 400, error: 'invalid_grant', description: 'Invalid grant: account disabled' },
  permission: { status: 403, error: 'access_denied', description: 'Requested client not authorized.' },
  rate_limit: { status: 429, error: 'rate_limit_exceeded', description: 'Rate Limit Exceeded' },
  insufficient_quota: { status: 429, error: 'rate_limit_exceeded', description: 'Quota Exceeded' },
  model_not_found: { status: 404, error: 'not_found', description: 'Not Found' },
  context_length: { status: 400, error: 'invalid_request', description: 'Bad Request' },
  bad_request: { status: 400, error: 'invalid_request', description: 'Bad Request' },
  server_error: { status: 500, error: 'internal_failure', description: 'Backend Error' },
  overloaded: { status: 503, error: 'temporarily_unavailable', description: 'The service is currently unavailable.' },
};

/** Sends the programmed error (`b.error`, else the kind of `b.status`) as OAuth does. */
export function sendProgrammedOAuthError(res: ServerResponse, b: FakeBehaviour): void {
  const e = KIND_ERRORS[b.error ?? errorKindForStatus(b.status!)];
  sendOAuthError(res, { status: b.status ?? e.status, error: e.error, description: b.errorMessage ?? e.description });
}

const grant = (description: string): OAuthError => ({ status: 400, error: 'invalid_grant', description });

const TIMEFRAME =
  'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.';

/** Why the assertion of `fields` cannot be exchanged, or its issuer and scopes. */
function checkAssertion(
  fields: Record<string, unknown>,
  google: GoogleCredentials,
): OAuthError | { clientEmail: string; scopes: string[] } {
  if (fields.grant_type !== JWT_BEARER_GRANT) {
    return { status: 400, error: 'unsupported_grant_type', description: `Invalid grant_type: ${String(fields.grant_type ?? '')}` };
  }
  const jwt = typeof fields.assertion === 'string' ? decodeJwt(fields.assertion) : undefined;
  if (jwt === undefined) return { status: 400, error: 'invalid_request', description: 'Invalid JWT: the assertion is not a JWT.' };
  const { iss, aud, iat, exp, scope } = jwt.claims;
  const publicKey = typeof iss === 'string' ? google.publicKeyOf(iss) : undefined;
  if (publicKey === undefined) return grant('Invalid grant: account not found');
  if (!verifiesRs256(jwt, publicKey)) return grant('Invalid JWT Signature.');
  if (!audienceOk(aud, google.tokenPath)) {
    return grant(`Invalid JWT: Failed audience check. The right audience is ${GOOGLE_TOKEN_URL}.`);
  }
  const now = Date.now() / 1000;
  if (
    typeof iat !== 'number' ||
    typeof exp !== 'number' ||
    iat > now + SKEW_SECONDS ||
    exp < now - SKEW_SECONDS ||
    exp - iat > MAX_ASSERTION_SECONDS
  ) {
    return grant(TIMEFRAME);
  }
  if (typeof scope !== 'string' || scope.trim() === '') {
    return { status: 400, error: 'invalid_scope', description: 'Empty or missing scope not allowed.' };
  }
  return { clientEmail: iss as string, scopes: scope.trim().split(/\s+/) };
}

/** Google's token URL, or any URL whose path is this endpoint's. */
function audienceOk(aud: unknown, tokenPath: string): boolean {
  if (aud === GOOGLE_TOKEN_URL) return true;
  if (typeof aud !== 'string') return false;
  try {
    return new URL(aud).pathname === tokenPath;
  } catch {
    return false;
  }
}

/** `POST {tokenPath}`: exchanges a service account's JWT for an access token. */
export function respondGoogleToken(x: Exchange, google: GoogleCredentials): void {
  const checked = checkAssertion(x.body, google);
  if ('error' in checked) return sendOAuthError(x.res, checked);
  const token = google.issue(checked.clientEmail, checked.scopes);
  x.res.setHeader('cache-control', 'no-cache, no-store, max-age=0, must-revalidate');
  sendJson(x.res, x.status, {
    access_token: token.accessToken,
    expires_in: google.tokenLifetimeSeconds,
    token_type: 'Bearer',
  });
}
