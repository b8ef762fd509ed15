import type { JWT } from 'google-auth-library';
import { lazy } from '../../protocols/request';
import { UpstreamError, upstreamTransportError } from '../../protocols/upstream-error';
import type { AccessTokenGrant, AccessTokenSource, TokenFetch } from '../types';
import { GOOGLE_TOKEN_URL, type ServiceAccount } from './service-account';

/** The scope Vertex AI requires of an access token. */
export const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

/** The longest a token exchange may take before it counts as failed. */
const EXCHANGE_TIMEOUT_MS = 15_000;

/** Google's auth library, loaded with the first Vertex AI call. */
const googleAuth = lazy(() => require('google-auth-library') as typeof import('google-auth-library'));

function urlOf(input: string | URL | Request): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

/**
 * A fetch that posts the JWT grant to the key's own `token_uri`: google-auth-library sends every
 * service-account grant to Google's token URL whatever the key says.
 */
export function tokenUriFetch(tokenUri: string, fetch: TokenFetch): TokenFetch {
  if (tokenUri === GOOGLE_TOKEN_URL) return fetch;
  return (input, init) => fetch(urlOf(input) === GOOGLE_TOKEN_URL ? tokenUri : input, init);
}

/** What a token endpoint answered, from the auth library's error. */
interface ExchangeFailure {
  readonly response?: { readonly status?: number; readonly data?: unknown };
}

/**
 * The typed error of a failed exchange. An answer from the token endpoint is a fault of the
 * channel's credentials (401, its OAuth error quoted; 429 and 5xx keep their status): retried on
 * another channel and never blamed on the client's own key. No answer at all (an address the
 * outbound policy refuses, a connection refused) is a transport failure.
 */
export function exchangeError(error: unknown): UpstreamError {
  const response = (error as ExchangeFailure | undefined)?.response;
  if (!response?.status) return upstreamTransportError(error);
  const data = (typeof response.data === 'object' && response.data !== null ? response.data : {}) as Record<string, unknown>;
  const oauth = [data['error'], data['error_description']].filter((part) => typeof part === 'string' && part !== '').join(': ');
  const status = response.status === 429 || response.status >= 500 ? response.status : 401;
  return new UpstreamError({
    kind: 'upstream',
    status,
    message: `the channel's service account could not get a Vertex AI access token (${oauth || `status ${response.status}`})`,
    errorType: 'authentication_error',
    errorCode: 'upstream_token_exchange_failed',
    cause: error,
  });
}

/**
 * Access tokens of one service account (scope cloud-platform) from google-auth-library, which keeps
 * the token and fetches a new one shortly before it expires. Concurrent first calls share one
 * exchange.
 */
class ServiceAccountTokens implements AccessTokenSource {
  private client: JWT;
  private pending: Promise<string> | undefined;
  private current: string | undefined;

  constructor(
    private readonly account: ServiceAccount,
    private readonly fetch: TokenFetch,
  ) {
    this.client = this.newClient();
  }

  accessToken(): Promise<string> {
    this.pending ??= this.fetchToken().finally(() => (this.pending = undefined));
    return this.pending;
  }

  refused(token: string): void {
    if (token !== this.current) return;
    this.current = undefined;
    this.client = this.newClient();
  }

  private newClient(): JWT {
    return new (googleAuth().JWT)({
      email: this.account.clientEmail,
      key: this.account.privateKey,
      keyId: this.account.privateKeyId,
      scopes: [CLOUD_PLATFORM_SCOPE],
      transporterOptions: {
        fetchImplementation: tokenUriFetch(this.account.tokenUri, this.fetch) as typeof globalThis.fetch,
        timeout: EXCHANGE_TIMEOUT_MS,
      },
    });
  }

  private async fetchToken(): Promise<string> {
    let token: string | null | undefined;
    try {
      token = (await this.client.getAccessToken()).token;
    } catch (error) {
      throw exchangeError(error);
    }
    if (!token) throw exchangeError({ response: { status: 502, data: { error: 'the token endpoint answered no access_token' } } });
    this.current = token;
    return token;
  }
}

/** The grant of a channel's service account: one token source per channel and key. */
export function serviceAccountGrant(channelId: number, account: ServiceAccount): AccessTokenGrant {
  return {
    holder: `channel:${channelId}`,
    fingerprint: account.fingerprint,
    createSource: (fetch) => new ServiceAccountTokens(account, fetch),
  };
}
