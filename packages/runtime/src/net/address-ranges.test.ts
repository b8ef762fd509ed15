import { inRanges, isPublicAddress, listEntries, parseAddress, parseAddressRange, parseAddressRanges } from './address-ranges';
import { parseTrustedProxies, trustedProxyConfig } from '../context/trusted-proxies';
import { loadConfig } from '../config/load-config';

const address = (text: string) => {
  const parsed = parseAddress(text);
  if (!parsed) throw new Error(`not an address: ${text}`);
  return parsed;
};

describe('address ranges', () => {
  it('reads list settings separated by commas, spaces or lines', () => {
    expect(listEntries(' 10.0.0.0/8, 192.168.1.7\n::1  fd00::/8,,')).toEqual(['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8']);
  });

  it('parses addresses and CIDR ranges in standard notation only', () => {
    expect(parseAddressRange('10.0.0.0/8')?.[1]).toBe(8);
    expect(parseAddressRange('192.0.2.7')?.[1]).toBe(32);
    expect(parseAddressRange('::1')?.[1]).toBe(128);
    for (const bad of ['10', '0x7f.1', '127.1', '10.0.0.0/33', '::/129', '10.0.0.0/x', 'example.com', 'loopback', '']) {
      expect(parseAddressRange(bad)).toBeUndefined();
    }
    expect(parseAddressRanges('10.0.0.0/8 bogus ::1').invalid).toEqual(['bogus']);
  });

  it('matches IPv4 in IPv6 clothing against IPv4 ranges', () => {
    const { ranges } = parseAddressRanges('127.0.0.0/8');
    expect(inRanges(address('127.0.0.1'), ranges)).toBe(true);
    expect(inRanges(address('::ffff:127.0.0.1'), ranges)).toBe(true);
    expect(inRanges(address('10.0.0.1'), ranges)).toBe(false);
    expect(inRanges(address('::1'), ranges)).toBe(false);
  });

  it('tells public addresses from loopback, private, link-local, metadata and special ones', () => {
    for (const text of ['8.8.8.8', '203.0.114.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808']) {
      expect([text, isPublicAddress(address(text))]).toEqual([text, true]);
    }
    const internal = [
      '127.0.0.1', '127.8.9.10', '0.0.0.0', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.100.100.200',
      '192.0.0.192', '168.63.129.16', '255.255.255.255', '224.0.0.1', '198.18.0.1', '::1', '::', 'fe80::1', 'fd00:ec2::254',
      'fc00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '64:ff9b::7f00:1', '64:ff9b::a9fe:a9fe', '2002:7f00:1::1', '2001::1',
      '2001:db8::1', 'ff02::1',
    ];
    for (const text of internal) expect([text, isPublicAddress(address(text))]).toEqual([text, false]);
  });
});

describe('TRUSTED_PROXIES', () => {
  it('believes only loopback by default', () => {
    expect(loadConfig(trustedProxyConfig, {}).trustedProxies).toEqual(['loopback']);
  });

  it('takes addresses, CIDR ranges and the proxy-addr names', () => {
    expect(loadConfig(trustedProxyConfig, { TRUSTED_PROXIES: 'loopback, 10.42.0.0/16 fd00::/8,192.0.2.9' }).trustedProxies).toEqual([
      'loopback',
      '10.42.0.0/16',
      'fd00::/8',
      '192.0.2.9',
    ]);
    expect(parseTrustedProxies('uniquelocal linklocal').invalid).toEqual([]);
  });

  it('refuses anything else, naming it', () => {
    expect(() => loadConfig(trustedProxyConfig, { TRUSTED_PROXIES: 'loopback,private,10.0.0.0/99' })).toThrow(
      /TRUSTED_PROXIES: .*private, 10\.0\.0\.0\/99/,
    );
  });
});
