import type { IncomingMessage } from 'node:http';
import { clientIp, clientIpResolver } from './client-ip';

function request(remoteAddress: string, forwardedFor?: string): IncomingMessage {
  return {
    socket: { remoteAddress },
    connection: { remoteAddress },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  } as unknown as IncomingMessage;
}

describe('clientIp', () => {
  it('is the peer address, with IPv4-mapped IPv6 unwrapped', () => {
    expect(clientIp(request('203.0.113.9'))).toBe('203.0.113.9');
    expect(clientIp(request('::ffff:203.0.113.9'))).toBe('203.0.113.9');
  });

  it('believes X-Forwarded-For from a loopback proxy by default', () => {
    expect(clientIp(request('127.0.0.1', '198.51.100.7'))).toBe('198.51.100.7');
    expect(clientIp(request('::1', '198.51.100.7'))).toBe('198.51.100.7');
  });

  it('ignores X-Forwarded-For from a private-network client unless its range is a believed proxy', () => {
    // A pod or a LAN machine naming its own address for the token's IP allow list.
    expect(clientIp(request('10.0.0.5', '198.51.100.7'))).toBe('10.0.0.5');
    expect(clientIp(request('192.168.1.20', '127.0.0.1'))).toBe('192.168.1.20');
    expect(clientIp(request('127.0.0.1', '198.51.100.7, 10.0.0.9'))).toBe('10.0.0.9');
    const behindIngress = clientIpResolver(['loopback', '10.42.0.0/16']);
    expect(behindIngress(request('10.42.3.4', '198.51.100.7'))).toBe('198.51.100.7');
    expect(behindIngress(request('10.43.0.1', '198.51.100.7'))).toBe('10.43.0.1');
  });

  it('ignores X-Forwarded-For sent by a client on the internet', () => {
    expect(clientIp(request('203.0.113.9', '127.0.0.1'))).toBe('203.0.113.9');
  });
});
