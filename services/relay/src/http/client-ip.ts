import type { IncomingMessage } from 'node:http';

/**
 * The client's address for the token's IP allow list: the socket's peer, with IPv4-mapped IPv6
 * (`::ffff:1.2.3.4`) unwrapped. Forwarded headers are not trusted here: anyone could send them,
 * and a reverse proxy in front must be configured to preserve the peer address instead.
 */
export function clientIp(req: IncomingMessage): string {
  const address = req.socket.remoteAddress ?? '';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}
