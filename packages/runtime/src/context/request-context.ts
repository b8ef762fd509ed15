import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** What travels with one request through every async hop inside a process. */
export interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();
let carried = true;

/**
 * Whether a request's context is carried through its async calls (AsyncLocalStorage); on by
 * default. A process that records no traces may turn it off to spare every promise of every
 * request the async hook that carries it: log lines, outgoing gRPC calls and messages then name
 * a request only where the caller passes its id.
 */
export function carryRequestContext(on: boolean): void {
  carried = on;
  if (!on) storage.disable();
}

/** Header / metadata key that carries the request id between processes. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Runs `fn` with `context` as the current request context (just runs it when context is not carried). */
export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return carried ? storage.run(context, fn) : fn();
}

/** The current request context, if any. */
export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/** The current request id, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Accepts a caller-supplied id when it is well-formed, else makes a new one. */
export function requestIdFrom(incoming: unknown): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return typeof value === 'string' && VALID_REQUEST_ID.test(value) ? value : newRequestId();
}

/** A new random request id. */
export function newRequestId(): string {
  return randomUUID().replace(/-/g, '');
}
