/**
 * Path prefixes served by the relay (the data plane). The embedded stack and the Helm ingress
 * send these to the relay and everything else to edge; this list is the one place they are named.
 */
export const RELAY_PATH_PREFIXES = ['/v1', '/v1beta', '/pg', '/mj', '/suno', '/dashboard'] as const;

/** True when `pathname` is one of the relay's prefixes or below it (`/v1`, `/v1/...`, not `/v1x`). */
export function isRelayPath(pathname: string): boolean {
  return RELAY_PATH_PREFIXES.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}
