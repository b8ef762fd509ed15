import { isConnectFailure, isDroppedConnection } from './connection-failures';

const error = (code: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(code), { code }, extra);

describe('connection failures', () => {
  it('resends after a connection dropped before any answer, and after nothing else', () => {
    expect(isDroppedConnection(error('ECONNRESET'))).toBe(true);
    expect(isDroppedConnection(error('EPIPE'))).toBe(true);
    expect(isDroppedConnection(error('UND_ERR_SOCKET', { socket: { bytesRead: 512 } }))).toBe(true);
    expect(isDroppedConnection(error('ECONNREFUSED'))).toBe(false);
    expect(isDroppedConnection(error('UND_ERR_HEADERS_TIMEOUT'))).toBe(false);
    expect(isDroppedConnection(new Error('no code'))).toBe(false);
  });

  it('knows refused, DNS, TLS and connect-timeout failures, also as a cause', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'ERR_TLS_CERT_ALTNAME_INVALID', 'DEPTH_ZERO_SELF_SIGNED_CERT']) {
      expect([code, isConnectFailure(error(code))]).toEqual([code, true]);
    }
    expect(isConnectFailure(Object.assign(new Error('fetch failed'), { cause: error('ENOTFOUND') }))).toBe(true);
    expect(isConnectFailure(error('ECONNRESET'))).toBe(false);
    expect(isConnectFailure(error('UND_ERR_BODY_TIMEOUT'))).toBe(false);
  });
});
