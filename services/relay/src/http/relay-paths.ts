/**
 * Path prefixes served by the relay (the data plane). The embedded stack and the Helm ingress
 * send these to the relay and everything else to edge; this list is the one place they are named.
 */
export const RELAY_PATH_PREFIXES = ['/v1', '/v1beta', '/pg', '/mj', '/mj-fast', '/mj-relax', '/mj-turbo', '/suno', '/dashboard'] as const;

/** True when `pathname` is one of the relay's prefixes or below it (`/v1`, `/v1/...`, not `/v1x`). */
export function isRelayPath(pathname: string): boolean {
  return RELAY_PATH_PREFIXES.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

/** The console playground's prefix: its requests carry the console session cookie. */
export const PLAYGROUND_PATH_PREFIX = '/pg';

/**
 * True below {@link PLAYGROUND_PATH_PREFIX}. These requests are authenticated by a cookie, so
 * they get none of the permissive CORS of the token paths: only the console's own origin may
 * call them.
 */
export function isPlaygroundPath(pathname: string): boolean {
  return pathname === PLAYGROUND_PATH_PREFIX || pathname.startsWith(`${PLAYGROUND_PATH_PREFIX}/`);
}
