import type { ApiEnvelope } from '@modelgate/contracts/api';

/**
 * A failed call as the console sees it: the HTTP status (or why there was none) and the message
 * to show. `status: 'rejected'` is an envelope with `success: false`.
 */
export interface ApiError {
  status: number | 'rejected' | 'network' | 'parse';
  /** For a rejection: the server's message in the user's language (see `api-messages.ts`). */
  message: string;
  /** For a rejection: the stable code the server sent beside its message. */
  code?: string;
}

/** The `{success, message, data}` envelope every `/api` call answers with; a few carry more fields beside `data`. */
export interface Envelope<T = unknown> extends ApiEnvelope<T> {
  [extra: string]: unknown;
}

export function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).success === 'boolean';
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'status' in value && 'message' in value;
}
