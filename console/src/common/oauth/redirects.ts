import type { PublicStatus } from '../../app/public-status';

/** The third-party providers the browser leaves for; each comes back to `/oauth/<provider>`. */
export const REDIRECT_PROVIDERS = ['github', 'oidc', 'linuxdo'] as const;
export type RedirectProvider = (typeof REDIRECT_PROVIDERS)[number];

export function isRedirectProvider(name: string | undefined): name is RedirectProvider {
  return (REDIRECT_PROVIDERS as readonly string[]).includes(name ?? '');
}

/** Whether the admin turned the provider on in the public status. */
export function redirectEnabled(provider: RedirectProvider, status: PublicStatus): boolean {
  if (provider === 'github') return status.github_oauth;
  if (provider === 'linuxdo') return status.linuxdo_oauth;
  return status.oidc_enabled;
}

/**
 * The provider's authorization page for `state` (from `GET /api/oauth/state`). The same page
 * serves sign-in and binding: the server binds when the callback arrives with a signed-in
 * session. OIDC comes back to `/oauth/oidc` on `origin`. Throws when the configured OIDC
 * endpoint is not a URL.
 */
export function authorizeUrl(provider: RedirectProvider, status: PublicStatus, state: string, origin: string): string {
  if (provider === 'github') {
    const url = new URL('https://github.com/login/oauth/authorize');
    url.searchParams.set('client_id', status.github_client_id);
    url.searchParams.set('state', state);
    url.searchParams.set('scope', 'user:email');
    return url.toString();
  }
  if (provider === 'linuxdo') {
    const url = new URL('https://connect.linux.do/oauth2/authorize');
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', status.linuxdo_client_id);
    url.searchParams.set('state', state);
    return url.toString();
  }
  const url = new URL(status.oidc_authorization_endpoint);
  url.searchParams.set('client_id', status.oidc_client_id);
  url.searchParams.set('redirect_uri', `${origin}/oauth/oidc`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', 'openid profile email');
  url.searchParams.set('state', state);
  return url.toString();
}
