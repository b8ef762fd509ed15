import { isIP } from 'node:net';
import type { Request } from 'express';

/**
 * The calling client's address as Express resolved it: the nearest `X-Forwarded-For` hop that is
 * not a believed proxy (`trust proxy`, set from TRUSTED_PROXIES; see `trustedProxyConfig`).
 */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** `::ffff:192.0.2.1` → `192.0.2.1`; other addresses unchanged. */
function unmapIPv4(address: string): string {
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address;
}

/** True for 127.0.0.0/8 and ::1 (also IPv4-mapped): a request from this very host. */
export function isLoopback(address: string): boolean {
  const plain = unmapIPv4(address);
  return plain === '::1' || /^127\./.test(plain);
}

/**
 * The rate-limit identity of an address: an IPv4 address itself, an IPv6 address's /64 network
 * (one subscriber usually holds a whole /64, so counting single IPv6 addresses would let a client
 * rotate through billions of them), anything unparsable as it is.
 */
export function clientBucket(address: string): string {
  const plain = unmapIPv4(address);
  if (isIP(plain) !== 6) return plain;
  const [head = '', tail = ''] = plain.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = plain.includes('::') && tail !== '' ? tail.split(':') : [];
  // A trailing dotted IPv4 part (`::ffff:0:192.0.2.1`) stands for two groups.
  const rightGroups = right.length + (right.at(-1)?.includes('.') ? 1 : 0);
  const groups = plain.includes('::') ? [...left, ...Array(8 - left.length - rightGroups).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
