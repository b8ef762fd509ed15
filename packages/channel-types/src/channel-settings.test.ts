import { channelConnectionSettings, connectionSettingProblem, DEFAULT_CONNECTION_SETTINGS } from './channel-settings';

describe('channel connection settings', () => {
  it('read the cap and HTTP/2 switch from the setting text', () => {
    expect(channelConnectionSettings('{"upstream_connections":2,"upstream_http2":true,"other":1}')).toEqual({ connections: 2, http2: true });
    expect(channelConnectionSettings('{"upstream_http2":true}')).toEqual({ connections: 0, http2: true });
    expect(channelConnectionSettings('{"upstream_connections":5}')).toEqual({ connections: 5, http2: false });
  });

  it('read as the defaults when absent, unusable or not JSON (the same object, so nothing is kept per channel)', () => {
    for (const text of [null, undefined, '', '{}', 'not json', '[1]', '{"upstream_connections":-3,"upstream_http2":"yes"}']) {
      expect(channelConnectionSettings(text)).toBe(DEFAULT_CONNECTION_SETTINGS);
    }
  });

  it('name the key whose value cannot be used', () => {
    expect(connectionSettingProblem({ upstream_connections: 0, upstream_http2: false })).toBeUndefined();
    expect(connectionSettingProblem({ upstream_connections: 100_001 })).toBe('upstream_connections');
    expect(connectionSettingProblem({ upstream_connections: 2.5 })).toBe('upstream_connections');
    expect(connectionSettingProblem({ upstream_http2: 'true' })).toBe('upstream_http2');
  });
});
