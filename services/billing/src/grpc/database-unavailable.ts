import { UnavailableError } from '@modelgate/runtime';

/** Socket errors of a database connection that was reset, refused or lost. */
const CONNECTION_ERRNOS = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * True when `error` is the loss of the database connection itself — a socket error, the driver's
 * "Connection terminated", or a PostgreSQL connection exception (SQLSTATE class 08, or 57P01-03
 * for a server shutting down) — rather than a statement that failed.
 */
export function isDatabaseConnectionFailure(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; depth++) {
    const { code, message } = current as Error & { code?: unknown };
    if (typeof code === 'string' && (CONNECTION_ERRNOS.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code))) return true;
    if (/^Connection terminated/.test(message)) return true;
    current = (current as Error & { driverError?: unknown }).driverError ?? current.cause;
  }
  return false;
}

/**
 * Runs `work`, turning a lost database connection into an UnavailableError (`database_unavailable`,
 * gRPC UNAVAILABLE): the caller sees a transient failure it may retry or refuse on, as when billing
 * itself cannot be reached, instead of an internal error.
 */
export async function unavailableOnLostDatabase<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isDatabaseConnectionFailure(error)) throw error;
    throw new UnavailableError('the billing database is unreachable', { code: 'database_unavailable', cause: error });
  }
}
