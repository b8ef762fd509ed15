/**
 * What a failed upstream call says about its connection, read from the error undici (or Node's
 * net/tls/dns layers beneath it) raised before any byte of a response arrived.
 */

/** The peer dropped a connection the request was written to: typical of a pooled socket gone stale. */
const DROPPED_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET']);

/** No connection could be made at all: nothing of the request reached the provider. */
const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_OUTBOUND_ADDRESS_REFUSED',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);

function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

/**
 * The connection was dropped under the request before any response came (reset, closed by the
 * peer): typically a pooled socket the upstream or a balancer was closing as the request went
 * out, so it is worth sending once more on a new connection. undici cannot tell for a reset
 * whether the socket had served earlier requests, so a fresh connection dropped the same way is
 * resent too: once, at most.
 */
export function isDroppedConnection(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && DROPPED_CODES.has(code);
}

/** No connection could be opened (refused, DNS, TLS, connect timeout, the address policy). */
export function isConnectFailure(error: unknown): boolean {
  return codesOf(error).some((code) => CONNECT_CODES.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_'));
}
