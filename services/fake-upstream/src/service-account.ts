// Test support for Google service accounts: a JSON key whose `token_uri` is the fake's token
// endpoint, and options that make google-auth-library exchange its JWTs there.
import { generateKeyPairSync, randomBytes } from 'node:crypto';

/** The scope Vertex AI requires of an access token. */
export const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

/** A service-account JSON key, as the Google Cloud console downloads it. */
export interface ServiceAccountKey {
  readonly type: 'service_account';
  readonly project_id: string;
  readonly private_key_id: string;
  readonly private_key: string;
  readonly client_email: string;
  readonly client_id: string;
  readonly auth_uri: string;
  readonly token_uri: string;
  readonly universe_domain: 'googleapis.com';
}

/** Options of {@link makeServiceAccountKey}. */
export interface ServiceAccountKeyOptions {
  /** Where its JWTs are exchanged, e.g. `${fake.url}/token`. */
  readonly tokenUri: string;
  /** Default `fake-project`. */
  readonly projectId?: string;
  /** Default `fake-sa-<random>@<project>.iam.gserviceaccount.com`. */
  readonly clientEmail?: string;
}

/** A new service-account key with a fresh 2048-bit RSA key pair. */
export function makeServiceAccountKey(options: ServiceAccountKeyOptions): ServiceAccountKey {
  const projectId = options.projectId ?? 'fake-project';
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    type: 'service_account',
    project_id: projectId,
    private_key_id: randomBytes(20).toString('hex'),
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: options.clientEmail ?? `fake-sa-${randomBytes(4).toString('hex')}@${projectId}.iam.gserviceaccount.com`,
    client_id: String(100_000_000_000_000_000_000n + BigInt(`0x${randomBytes(8).toString('hex')}`)),
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: options.tokenUri,
    universe_domain: 'googleapis.com',
  };
}

/** Google's token endpoint, where google-auth-library sends every service-account JWT. */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * A fetch that sends requests for Google's token endpoint to `tokenUri` instead, and others on.
 * google-auth-library 10 posts service-account JWTs to {@link GOOGLE_TOKEN_URL} whatever the key's
 * `token_uri` says; its transporter's `fetchImplementation` is where to redirect them.
 */
export function tokenUriFetch(tokenUri: string, next: FetchLike = (input, init) => fetch(input, init)): FetchLike {
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return next(url === GOOGLE_TOKEN_URL ? tokenUri : input, init);
  };
}

/**
 * `GoogleAuth` options (google-auth-library) that authenticate as `key` with its JWTs exchanged at
 * the key's `token_uri`: `new GoogleAuth(googleAuthOptions(key))`, or `googleAuthOptions` of
 * `@google/genai` in Vertex mode.
 */
export function googleAuthOptions(
  key: ServiceAccountKey,
  scopes: readonly string[] = [CLOUD_PLATFORM_SCOPE],
): {
  credentials: ServiceAccountKey;
  scopes: string[];
  projectId: string;
  clientOptions: { transporterOptions: { fetchImplementation: FetchLike } };
} {
  return {
    credentials: key,
    scopes: [...scopes],
    projectId: key.project_id,
    clientOptions: { transporterOptions: { fetchImplementation: tokenUriFetch(key.token_uri) } },
  };
}
