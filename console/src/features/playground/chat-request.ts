import { apiHeaders } from '../../app/request-headers';
import { errorMessageOf } from './sse-stream';
import type { ChatCompletionBody } from './playground-settings';

/** The playground's streaming endpoint (spec §7), relative to the console's origin. */
export const CHAT_COMPLETIONS_PATH = '/pg/chat/completions';

/**
 * Sends the chat request with the session cookie and the user-id header. This is a plain fetch
 * (the answer is a stream), so the console's error middleware does not see it.
 */
export function postChatCompletion(userId: number | undefined, body: ChatCompletionBody, signal: AbortSignal): Promise<Response> {
  return fetch(new URL(CHAT_COMPLETIONS_PATH, window.location.href).toString(), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { ...apiHeaders(userId), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
}

/**
 * What a failed answer says: the OpenAI error object's message (`{error: {message}}`), the
 * console envelope's message (`{success: false, message}`), else the body text, else the status.
 */
export function failureMessageOf(bodyText: string, status: number): string {
  const text = bodyText.trim();
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    const fromError = body && typeof body === 'object' ? errorMessageOf(body.error) : null;
    if (fromError) return fromError;
    if (body && typeof body.message === 'string' && body.message.trim() !== '') return body.message;
  } catch {
    // Not JSON: the text itself is the message.
  }
  return text !== '' ? text : `HTTP ${status}`;
}

/**
 * A successful status whose body is JSON rather than a stream can still be a refusal (an
 * envelope with `success: false` or an error object): its message, or null when it is not one.
 */
export function refusalInJson(bodyText: string): string | null {
  try {
    const body = JSON.parse(bodyText) as { error?: unknown; success?: unknown; message?: unknown };
    if (!body || typeof body !== 'object') return null;
    if (body.error !== undefined && body.error !== null) return errorMessageOf(body.error);
    if (body.success === false) return typeof body.message === 'string' && body.message !== '' ? body.message : bodyText;
  } catch {
    return null;
  }
  return null;
}
