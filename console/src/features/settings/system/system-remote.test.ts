import { isHttpUrl, normaliseDomainList, stripTrailingSlashes } from './system-fields';
import { isNewerVersion } from './system-remote';

describe('version comparison for the update check', () => {
  it.each([
    ['v0.2.0', 'v0.1.0', true],
    ['v0.10.0', 'v0.9.3', true],
    ['v1.0', 'v1.0.1', false],
    ['v0.1.0', 'v0.1.0', false],
    ['0.1.0', 'v0.1.0', false],
    ['v0.1.0', 'v0.2.0-beta', false],
    ['nightly-2', 'nightly-1', true],
  ])('%s against a running %s is newer: %s', (latest, current, newer) => {
    expect(isNewerVersion(latest, current)).toBe(newer);
  });
});

describe('system option normalising', () => {
  it('strips trailing slashes only at the end', () => {
    expect(stripTrailingSlashes('https://a.example.com/path//')).toBe('https://a.example.com/path');
    expect(stripTrailingSlashes('https://a.example.com')).toBe('https://a.example.com');
  });

  it('cleans the domain list', () => {
    expect(normaliseDomainList(' gmail.com, ,qq.com,gmail.com ')).toBe('gmail.com,qq.com');
    expect(normaliseDomainList('')).toBe('');
  });

  it('accepts only http(s) well-known URLs', () => {
    expect(isHttpUrl('https://id.example.com/.well-known/openid-configuration')).toBe(true);
    expect(isHttpUrl('HTTP://id.example.com')).toBe(true);
    expect(isHttpUrl('id.example.com')).toBe(false);
    expect(isHttpUrl('ftp://id.example.com')).toBe(false);
  });
});
