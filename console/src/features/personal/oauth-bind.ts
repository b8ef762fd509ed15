import type { PublicStatus } from '../../app/public-status';

export type RedirectProvider = 'github' | 'oidc' | 'linuxdo';

/**
 * Where the browser goes to bind a GitHub, OIDC or LinuxDO account: the provider's consent page,
 * which comes back to `/oauth/<provider>` with `state` (from `GET /api/oauth/state`). The server
 * sees the signed-in session there and binds instead of signing in.
 */
export function bindRedirectUrl(provider: RedirectProvider, status: PublicStatus, state: string, origin: string): string {
  const url =
    provider === 'github'
      ? new URL('https://github.com/login/oauth/authorize')
      : provider === 'linuxdo'
        ? new URL('https://connect.linux.do/oauth2/authorize')
        : new URL(status.oidc_authorization_endpoint);
  const params = url.searchParams;
  if (provider === 'github') {
    params.set('client_id', status.github_client_id);
    params.set('scope', 'user:email');
  } else if (provider === 'linuxdo') {
    params.set('response_type', 'code');
    params.set('client_id', status.linuxdo_client_id);
  } else {
    params.set('client_id', status.oidc_client_id);
    params.set('redirect_uri', `${origin}/oauth/oidc`);
    params.set('response_type', 'code');
    params.set('scope', 'openid profile email');
  }
  params.set('state', state);
  return url.href;
}

/** Whether the admin turned the provider on (and, for OIDC, configured where to send users). */
export function redirectEnabled(provider: RedirectProvider, status: PublicStatus): boolean {
  if (provider === 'github') return status.github_oauth;
  if (provider === 'linuxdo') return status.linuxdo_oauth;
  return status.oidc_enabled && Boolean(status.oidc_authorization_endpoint);
}
