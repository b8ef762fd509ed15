import type { PublicStatus } from '../../app/public-status';

/** Where each provider's authorization page is, built from the public status and a state. */
export function githubAuthorizeUrl(status: PublicStatus, state: string): string {
  const url = new URL('https://github.com/login/oauth/authorize');
  url.searchParams.set('client_id', status.github_client_id);
  url.searchParams.set('state', state);
  url.searchParams.set('scope', 'user:email');
  return url.toString();
}

export function linuxDoAuthorizeUrl(status: PublicStatus, state: string): string {
  const url = new URL('https://connect.linux.do/oauth2/authorize');
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', status.linuxdo_client_id);
  url.searchParams.set('state', state);
  return url.toString();
}

/** OIDC: the configured authorization endpoint, coming back to `/oauth/oidc` on this origin. */
export function oidcAuthorizeUrl(status: PublicStatus, state: string, origin: string): string {
  const url = new URL(status.oidc_authorization_endpoint);
  url.searchParams.set('client_id', status.oidc_client_id);
  url.searchParams.set('redirect_uri', `${origin}/oauth/oidc`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', 'openid profile email');
  url.searchParams.set('state', state);
  return url.toString();
}
