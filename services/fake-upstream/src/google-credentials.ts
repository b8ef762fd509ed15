// The Google credentials the fake accepts: Gemini API keys (`x-goog-api-key` or `?key=`), and the
// service accounts whose signed JWTs its OAuth token endpoint exchanges for the access tokens
// Vertex AI paths require.
import { type KeyObject, createPublicKey, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { CLOUD_PLATFORM_SCOPE, type ServiceAccountKey, type ServiceAccountKeyOptions, makeServiceAccountKey } from './service-account';

export { CLOUD_PLATFORM_SCOPE } from './service-account';

/** The Gemini API keys accepted unless the server is started with its own. */
export const DEFAULT_GEMINI_API_KEYS: readonly string[] = ['AIzaFakeGeminiKey'];
/** The path of the OAuth token endpoint unless the server is started with its own. */
export const DEFAULT_GOOGLE_TOKEN_PATH = '/token';
/** Seconds an access token lives unless set otherwise. */
export const DEFAULT_GOOGLE_TOKEN_LIFETIME_SECONDS = 3600;

/** A service account the token endpoint knows: its email and the public key its JWTs verify with. */
export interface ServiceAccount {
  readonly client_email: string;
  /** PEM of the public key, or of the private key (the public key is derived from it). */
  readonly public_key?: string;
  readonly private_key?: string;
}

/** One access token issued by the token endpoint. */
export interface IssuedToken {
  readonly accessToken: string;
  readonly clientEmail: string;
  readonly scopes: readonly string[];
  /** `Date.now()` after which the token is refused. */
  expiresAt: number;
}

/** How an access token presented to Vertex AI fares. */
export type TokenCheck = 'ok' | 'unknown' | 'expired' | 'scope';

/** Google's credentials of one fake upstream; tests register more while it runs. */
export class GoogleCredentials {
  private readonly apiKeys: Set<string>;
  private readonly accounts = new Map<string, KeyObject>();
  private readonly tokens = new Map<string, IssuedToken>();
  /** Access tokens issued so far (successful exchanges at the token endpoint). */
  tokenExchanges = 0;
  /** Seconds each new access token lives (`expires_in`). */
  tokenLifetimeSeconds: number;
  /** The token endpoint's URL (`${fake.url}${tokenPath}`), known once the server listens. */
  tokenUri = '';

  constructor(
    apiKeys: readonly string[],
    /** The path of the OAuth token endpoint. */
    readonly tokenPath: string = DEFAULT_GOOGLE_TOKEN_PATH,
    tokenLifetimeSeconds: number = DEFAULT_GOOGLE_TOKEN_LIFETIME_SECONDS,
  ) {
    if (!tokenPath.startsWith('/')) throw new RangeError(`the token path must start with /, got ${tokenPath}`);
    this.apiKeys = new Set(apiKeys);
    this.tokenLifetimeSeconds = tokenLifetimeSeconds;
  }

  /** Accepts `key` as a Gemini API key from now on. */
  addApiKey(key: string): void {
    this.apiKeys.add(key);
  }

  /** Stops accepting `key`. */
  removeApiKey(key: string): void {
    this.apiKeys.delete(key);
  }

  /** Whether `key` is an accepted Gemini API key. */
  hasApiKey(key: string): boolean {
    return this.apiKeys.has(key);
  }

  /** Lets the token endpoint exchange JWTs signed by `account` (a service-account JSON key will do). */
  addServiceAccount(account: ServiceAccount): void {
    const pem = account.public_key ?? account.private_key;
    if (pem === undefined) throw new TypeError(`service account ${account.client_email} has neither public_key nor private_key`);
    this.accounts.set(account.client_email, createPublicKey(pem));
  }

  /**
   * A new service-account key (fresh RSA pair) whose `token_uri` is this fake's token endpoint,
   * registered so its JWTs are exchanged.
   */
  createServiceAccount(options: Omit<ServiceAccountKeyOptions, 'tokenUri'> = {}): ServiceAccountKey {
    const key = makeServiceAccountKey({ ...options, tokenUri: this.tokenUri });
    this.addServiceAccount(key);
    return key;
  }

  /** Forgets a service account; tokens issued to it stay valid until they expire. */
  removeServiceAccount(clientEmail: string): void {
    this.accounts.delete(clientEmail);
  }

  /** The public key of a registered service account. */
  publicKeyOf(clientEmail: string): KeyObject | undefined {
    return this.accounts.get(clientEmail);
  }

  /** Issues an access token to `clientEmail` for `scopes`, living `tokenLifetimeSeconds`. */
  issue(clientEmail: string, scopes: readonly string[]): IssuedToken {
    const token: IssuedToken = {
      accessToken: `ya29.fake-${randomBytes(24).toString('base64url')}`,
      clientEmail,
      scopes,
      expiresAt: Date.now() + this.tokenLifetimeSeconds * 1000,
    };
    this.tokens.set(token.accessToken, token);
    this.tokenExchanges += 1;
    return token;
  }

  /** The access tokens issued so far, oldest first. */
  get issuedTokens(): readonly IssuedToken[] {
    return [...this.tokens.values()];
  }

  /**
   * Makes the access tokens issued so far expire now (clients must exchange again): every one, or
   * those of the service account `clientEmail`.
   */
  expireTokens(clientEmail?: string): void {
    const now = Date.now();
    for (const token of this.tokens.values()) {
      if (clientEmail === undefined || token.clientEmail === clientEmail) token.expiresAt = Math.min(token.expiresAt, now - 1);
    }
  }

  /** How `accessToken` fares on Vertex AI: issued, not expired, with the cloud-platform scope. */
  checkAccessToken(accessToken: string): TokenCheck {
    const token = this.tokens.get(accessToken);
    if (token === undefined) return 'unknown';
    if (Date.now() >= token.expiresAt) return 'expired';
    return token.scopes.includes(CLOUD_PLATFORM_SCOPE) ? 'ok' : 'scope';
  }

  /** Forgets the issued tokens and the exchange count (the keys and accounts stay). */
  resetTokens(): void {
    this.tokens.clear();
    this.tokenExchanges = 0;
  }
}

/** The Gemini API key a request presents: `x-goog-api-key`, else the `key` query parameter. */
export function googleApiKeyOf(req: IncomingMessage): string | undefined {
  const header = req.headers['x-goog-api-key'];
  if (typeof header === 'string') return header;
  const url = req.url ?? '';
  const q = url.indexOf('?');
  return q < 0 ? undefined : (new URLSearchParams(url.slice(q + 1)).get('key') ?? undefined);
}

/** The bearer token of `authorization`, if any. */
export function bearerOf(req: IncomingMessage): string | undefined {
  const authorization = req.headers.authorization;
  return authorization !== undefined && /^bearer /i.test(authorization) ? authorization.slice(7).trim() : undefined;
}
