// Anthropic's error answers: `{type: 'error', error: {type, message}, request_id}` with a
// `request-id` header, the statuses Anthropic uses (529 for overload) and its wording.
import type { ServerResponse } from 'node:http';
import { errorKindForStatus } from './errors';
import type { FakeErrorKind } from './types';

interface AnthropicTemplate {
  status: number;
  type: string;
  message: (model: string) => string;
}

const TEMPLATES: Readonly<Record<FakeErrorKind, AnthropicTemplate>> = {
  invalid_api_key: { status: 401, type: 'authentication_error', message: () => 'invalid x-api-key' },
  account_deactivated: {
    status: 401,
    type: 'authentication_error',
    message: () => 'This organization has been disabled.',
  },
  permission: {
    status: 403,
    type: 'permission_error',
    message: () => 'Your API key does not have permission to use the specified resource.',
  },
  rate_limit: {
    status: 429,
    type: 'rate_limit_error',
    message: () =>
      'This request would exceed the rate limit for your organization of 50 requests per minute. ' +
      'For details, refer to: https://docs.claude.com/en/api/rate-limits. You can see the response headers ' +
      'for current usage. Please reduce the prompt length or the maximum tokens requested, or try again later.',
  },
  insufficient_quota: {
    status: 400,
    type: 'invalid_request_error',
    message: () =>
      'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.',
  },
  model_not_found: { status: 404, type: 'not_found_error', message: (model) => `model: ${model}` },
  context_length: {
    status: 400,
    type: 'invalid_request_error',
    message: () => 'prompt is too long: 210000 tokens > 200000 maximum',
  },
  bad_request: { status: 400, type: 'invalid_request_error', message: () => 'Invalid request.' },
  server_error: { status: 500, type: 'api_error', message: () => 'Internal server error' },
  overloaded: { status: 529, type: 'overloaded_error', message: () => 'Overloaded' },
};

/** Seconds a 429 asks the client to wait (`retry-after`). */
const RETRY_AFTER_SECONDS = '20';

/** The error kind a bare status stands for on Anthropic paths (529 is Anthropic's overload). */
export const anthropicKindForStatus = (status: number): FakeErrorKind =>
  status === 529 ? 'overloaded' : errorKindForStatus(status);

/** Anthropic's error body. */
export function anthropicErrorBody(type: string, message: string, requestId: string): Record<string, unknown> {
  return { type: 'error', error: { type, message }, request_id: requestId };
}

/** The request id of an answer to the request numbered `uid`. */
export const anthropicRequestId = (uid: string): string => `req_fake${uid}`;

/** Sends an Anthropic error of `type` with `status`. */
export function sendAnthropicError(res: ServerResponse, status: number, type: string, message: string, uid: string): void {
  const requestId = anthropicRequestId(uid);
  const body = JSON.stringify(anthropicErrorBody(type, message, requestId));
  const headers: Record<string, string | number> = {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'request-id': requestId,
  };
  if (status === 429) headers['retry-after'] = RETRY_AFTER_SECONDS;
  res.writeHead(status, headers);
  res.end(body);
}

/** The type and message of `kind` (`message` replaces the wording). */
export function anthropicErrorOf(
  kind: FakeErrorKind,
  model: string,
  message?: string,
): { status: number; type: string; message: string } {
  const t = TEMPLATES[kind];
  return { status: t.status, type: t.type, message: message ?? t.message(model) };
}

/** Sends the Anthropic error of `kind`; `status` and `message` override the kind's own. */
export function sendAnthropicKind(
  res: ServerResponse,
  kind: FakeErrorKind,
  model: string,
  uid: string,
  status?: number,
  message?: string,
): void {
  const e = anthropicErrorOf(kind, model, message);
  sendAnthropicError(res, status ?? e.status, e.type, e.message, uid);
}
