import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

/**
 * Proxies whose `X-Forwarded-For` the relay believes — loopback, link-local and private networks
 * (a reverse proxy on the same host, a cluster's ingress), the same rule as edge's. The client's
 * address is the nearest one in the header that is not such a proxy, so a client on the internet
 * cannot choose the address its token's IP allow list is checked against.
 */
const trustProxy = proxyAddr.compile(['loopback', 'linklocal', 'uniquelocal']);

/** The client's address for the token's IP allow list, IPv4-mapped IPv6 unwrapped. */
export function clientIp(req: IncomingMessage): string {
  const address = proxyAddr(req, trustProxy);
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}
