import type { IncomingMessage } from 'node:http';
import { DEFAULT_TRUSTED_PROXIES } from '@modelgate/runtime';
import proxyAddr from 'proxy-addr';

/** A request's client address, as the relay's believed proxies say it. */
export type ClientIpOf = (req: IncomingMessage) => string;

/**
 * The client's address for the token's IP allow list, IPv4-mapped IPv6 unwrapped:
 * `X-Forwarded-For` is followed only through `trustedProxies` (TRUSTED_PROXIES, the setting edge
 * reads too; see `trustedProxyConfig`), so a client outside them cannot name its own address.
 */
export function clientIpResolver(trustedProxies: readonly string[] = DEFAULT_TRUSTED_PROXIES): ClientIpOf {
  const trust = proxyAddr.compile([...trustedProxies]);
  return (req) => {
    const address = proxyAddr(req, trust);
    return address.startsWith('::ffff:') ? address.slice(7) : address;
  };
}

/** The client's address with the default believed proxies (loopback only). */
export const clientIp: ClientIpOf = clientIpResolver();
