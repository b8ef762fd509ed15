import type { IncomingMessage } from 'node:http';
import { TRUSTED_PROXY_RANGES } from '@modelgate/runtime';
import proxyAddr from 'proxy-addr';

/** The believed proxies, the same for every HTTP service (see TRUSTED_PROXY_RANGES). */
const trustProxy = proxyAddr.compile([...TRUSTED_PROXY_RANGES]);

/** The client's address for the token's IP allow list, IPv4-mapped IPv6 unwrapped. */
export function clientIp(req: IncomingMessage): string {
  const address = proxyAddr(req, trustProxy);
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}
