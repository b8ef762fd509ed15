import { loadConfig } from '@modelgate/runtime';
import { edgeHttpConfig } from '../config';
import { clientBucket, isLoopback } from './client-address';
import { DEFAULT_RATE_LIMITS, rateLimitSettings } from './rate-limit-config';

describe('client addresses', () => {
  it('recognises the host itself', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopback(address)).toBe(true);
    for (const address of ['10.0.0.1', '203.0.113.9', '::ffff:203.0.113.9', '2001:db8::1', 'unknown']) {
      expect(isLoopback(address)).toBe(false);
    }
  });

  it('counts an IPv4 client by its address and an IPv6 client by its /64', () => {
    expect(clientBucket('203.0.113.9')).toBe('203.0.113.9');
    expect(clientBucket('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientBucket('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientBucket('2001:0DB8:0001:0002::99')).toBe('2001:db8:1:2::/64');
    expect(clientBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientBucket('2001:db8::1')).toBe(clientBucket('2001:db8:0:0:ffff:1:2:3'));
    expect(clientBucket('::1')).toBe('0:0:0:0::/64');
    expect(clientBucket('fe80:1::ffff:192.0.2.1')).toBe('fe80:1:0:0::/64');
    expect(clientBucket('unknown')).toBe('unknown');
  });
});

describe('rate-limit configuration', () => {
  it('defaults to the reference limits', () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({
      globalApi: { mark: 'GA', enabled: true, max: 180, windowMs: 180_000 },
      globalWeb: { mark: 'GW', enabled: true, max: 60, windowMs: 180_000 },
      critical: { mark: 'CT', enabled: true, max: 20, windowMs: 1_200_000 },
    });
  });

  it('reads every limit from the environment edge and the embedded stack share', () => {
    const config = loadConfig(edgeHttpConfig, {
      GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
      GLOBAL_WEB_RATE_LIMIT: '7',
      GLOBAL_WEB_RATE_LIMIT_DURATION: '9',
      CRITICAL_RATE_LIMIT: '3',
      CRITICAL_RATE_LIMIT_DURATION: '1',
    });
    expect(rateLimitSettings(config)).toEqual({
      globalApi: { mark: 'GA', enabled: false, max: 180, windowMs: 180_000 },
      globalWeb: { mark: 'GW', enabled: true, max: 7, windowMs: 9_000 },
      critical: { mark: 'CT', enabled: true, max: 3, windowMs: 1_000 },
    });
  });

  it('refuses limits and windows that are not positive whole numbers', () => {
    expect(() => loadConfig(edgeHttpConfig, { CRITICAL_RATE_LIMIT: '0', GLOBAL_API_RATE_LIMIT_DURATION: '1.5' })).toThrow(
      /CRITICAL_RATE_LIMIT[\s\S]*GLOBAL_API_RATE_LIMIT_DURATION|GLOBAL_API_RATE_LIMIT_DURATION[\s\S]*CRITICAL_RATE_LIMIT/,
    );
  });
});
