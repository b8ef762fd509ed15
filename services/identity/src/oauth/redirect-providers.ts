import type { OptionKeyOf } from '@modelgate/db';
import type { TypedOptionReader } from '../options/option-store';
import { OAuthMessage, type RedirectProvider } from './oauth-messages';
import type { OAuthProviderSettings } from './provider-config';
import { fetchProviderJson, field, joinUrl, type ProviderAnswer, type ProviderCall, providerError } from './provider-http';

/** Who the provider says the user is. */
export interface ExternalProfile {
  /** The stable account id stored in the user's binding column. */
  externalId: string;
  /** Display name for a user registered from this account. */
  displayName: string;
  /** Email the provider vouches for; '' when none. */
  email: string;
}

/** What exchanging an authorization code needs. */
export interface ExchangeContext {
  settings: OAuthProviderSettings;
  options: TypedOptionReader;
  oidc: OidcDiscovery;
  call: ProviderCall;
  /** The origin the browser reached the console at (edge's reading); '' when unknown. */
  callbackOrigin: string;
}

/** How long a fetched OIDC discovery document is reused. */
const DISCOVERY_TTL_MS = 5 * 60_000;

/** The OIDC token and userinfo endpoints: from the `oidc.*` options, else the well-known document. */
export class OidcDiscovery {
  private readonly cache = new Map<string, { at: number; tokenEndpoint: string; userInfoEndpoint: string }>();

  async endpoints(options: TypedOptionReader, call: ProviderCall): Promise<{ tokenEndpoint: string; userInfoEndpoint: string }> {
    const configured = {
      tokenEndpoint: options.value('oidc.token_endpoint').trim(),
      userInfoEndpoint: options.value('oidc.user_info_endpoint').trim(),
    };
    if (configured.tokenEndpoint !== '' && configured.userInfoEndpoint !== '') return configured;
    const wellKnown = options.value('oidc.well_known').trim();
    if (!/^https?:\/\//.test(wellKnown)) throw providerError(OAuthMessage.notConfigured('OIDC'), 'oauth_not_configured');
    const cached = this.cache.get(wellKnown);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return pick(configured, cached);
    const { body } = await fetchProviderJson(call, wellKnown);
    const discovered = { tokenEndpoint: field(body, 'token_endpoint'), userInfoEndpoint: field(body, 'userinfo_endpoint') };
    if (discovered.tokenEndpoint === '' || discovered.userInfoEndpoint === '') {
      throw providerError(OAuthMessage.notConfigured('OIDC'), 'oauth_not_configured');
    }
    this.cache.set(wellKnown, { at: Date.now(), ...discovered });
    return pick(configured, discovered);
  }
}

function pick(configured: { tokenEndpoint: string; userInfoEndpoint: string }, discovered: typeof configured) {
  return {
    tokenEndpoint: configured.tokenEndpoint || discovered.tokenEndpoint,
    userInfoEndpoint: configured.userInfoEndpoint || discovered.userInfoEndpoint,
  };
}

/**
 * The address the console's callback page lives at, for `redirect_uri`: on the configured server
 * address, else on the origin the browser used (the console sends the same to the provider).
 */
function callbackUrl(options: TypedOptionReader, provider: RedirectProvider, callbackOrigin: string): string {
  return joinUrl(options.value('ServerAddress') || callbackOrigin, `/oauth/${provider}`);
}

/** The access token of a token answer, or the provider's reason for refusing the code. */
function accessTokenOf(label: string, answer: ProviderAnswer): string {
  const token = field(answer.body, 'access_token');
  if (token !== '') return token;
  const reason =
    field(answer.body, 'error_description') || field(answer.body, 'message') || field(answer.body, 'error');
  if (reason !== '') throw providerError(OAuthMessage.rejected(label, reason), 'oauth_code_rejected');
  throw providerError(OAuthMessage.badAnswer(label), 'oauth_provider_bad_response');
}

/** Reads the profile behind an access token; a refusal or a profile without an id is an error. */
async function profileOf(
  call: ProviderCall,
  url: string,
  accessToken: string,
  idField: string,
): Promise<Record<string, unknown>> {
  const answer = await fetchProviderJson(call, url, { headers: { Authorization: `Bearer ${accessToken}` } });
  if (answer.status !== 200) {
    const reason = field(answer.body, 'message') || field(answer.body, 'error_description') || `HTTP ${answer.status}`;
    throw providerError(OAuthMessage.rejected(call.label, reason), 'oauth_profile_rejected');
  }
  const id = field(answer.body, idField);
  if (id === '' || id === '0') throw providerError(OAuthMessage.badAnswer(call.label), 'oauth_provider_bad_response');
  return answer.body as Record<string, unknown>;
}

function credentials(options: TypedOptionReader, idKey: OptionKeyOf<string>, secretKey: OptionKeyOf<string>, label: string) {
  const clientId = options.value(idKey);
  const clientSecret = options.value(secretKey);
  if (clientId === '' || clientSecret === '') throw providerError(OAuthMessage.notConfigured(label), 'oauth_not_configured');
  return { clientId, clientSecret };
}

/**
 * GitHub: the code is exchanged at `/login/oauth/access_token` (JSON), the account read from the
 * API's `/user`. The binding stores GitHub's numeric account id, which, unlike the login name,
 * never changes hands.
 */
async function github(code: string, { settings, options, call }: ExchangeContext): Promise<ExternalProfile> {
  const { clientId, clientSecret } = credentials(options, 'GitHubClientId', 'GitHubClientSecret', 'GitHub');
  const token = await fetchProviderJson(call, joinUrl(settings.githubOAuthUrl, '/login/oauth/access_token'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_id: clientId, client_secret: clientSecret, code }),
  });
  const profile = await profileOf(call, joinUrl(settings.githubApiUrl, '/user'), accessTokenOf('GitHub', token), 'id');
  return {
    externalId: field(profile, 'id'),
    displayName: field(profile, 'name') || field(profile, 'login') || 'GitHub User',
    email: field(profile, 'email'),
  };
}

/** OIDC: authorization-code grant at the token endpoint (form), then the userinfo endpoint; `sub` is the id. */
async function oidc(code: string, { options, oidc: discovery, call, callbackOrigin }: ExchangeContext): Promise<ExternalProfile> {
  const { clientId, clientSecret } = credentials(options, 'oidc.client_id', 'oidc.client_secret', 'OIDC');
  const endpoints = await discovery.endpoints(options, call);
  const token = await fetchProviderJson(call, endpoints.tokenEndpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: clientId,
      client_secret: clientSecret,
      code,
      grant_type: 'authorization_code',
      redirect_uri: callbackUrl(options, 'oidc', callbackOrigin),
    }).toString(),
  });
  const profile = await profileOf(call, endpoints.userInfoEndpoint, accessTokenOf('OIDC', token), 'sub');
  return {
    externalId: field(profile, 'sub'),
    displayName: field(profile, 'preferred_username') || field(profile, 'name') || 'OIDC User',
    email: profile.email_verified === false ? '' : field(profile, 'email'),
  };
}

/** LinuxDO Connect: token at `/oauth2/token` with HTTP Basic client credentials, account at `/api/user`. */
async function linuxdo(code: string, { settings, options, call, callbackOrigin }: ExchangeContext): Promise<ExternalProfile> {
  const { clientId, clientSecret } = credentials(options, 'LinuxDOClientId', 'LinuxDOClientSecret', 'Linux DO');
  const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
  const token = await fetchProviderJson(call, joinUrl(settings.linuxDoUrl, '/oauth2/token'), {
    method: 'POST',
    headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: callbackUrl(options, 'linuxdo', callbackOrigin),
    }).toString(),
  });
  const profile = await profileOf(call, joinUrl(settings.linuxDoUrl, '/api/user'), accessTokenOf('Linux DO', token), 'id');
  return {
    externalId: field(profile, 'id'),
    displayName: field(profile, 'name') || field(profile, 'username') || 'Linux DO User',
    email: '',
  };
}

/** Code exchange per redirect provider. */
export const exchangeCode: Record<RedirectProvider, (code: string, context: ExchangeContext) => Promise<ExternalProfile>> = {
  github,
  oidc,
  linuxdo,
};
