// Provider-style error bodies in OpenAI's shape, `{error: {message, type, param, code}}`, with the
// statuses and wording the real API uses, so gateways' retry and auto-disable rules can be tested.
import { apiKeyOf } from './credentials';
import type { Exchange } from './exchange';
import { sseData } from './sse';
import type { FakeBehaviour, FakeErrorKind } from './types';

/** An OpenAI error object. */
export interface OpenAiError {
  error: { message: string; type: string; param: string | null; code: string | null };
}

interface ErrorTemplate {
  status: number;
  type: string;
  code: string | null;
  param?: string;
  message: (model: string, apiKey: string | undefined) => string;
}

// Like OpenAI: the start and the end of the key only.
const mask = (key: string | undefined): string => {
  if (key === undefined || key === '') return '';
  return key.length <= 8 ? `${key.slice(0, 3)}***` : `${key.slice(0, 3)}***${key.slice(-4)}`;
};

const TEMPLATES: Readonly<Record<FakeErrorKind, ErrorTemplate>> = {
  invalid_api_key: {
    status: 401,
    type: 'invalid_request_error',
    code: 'invalid_api_key',
    message: (_m, key) =>
      `Incorrect API key provided: ${mask(key)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
  },
  account_deactivated: {
    status: 401,
    type: 'invalid_request_error',
    code: 'account_deactivated',
    message: () =>
      'This key is associated with a deactivated account. If you feel this is an error, contact us through our help center at help.openai.com.',
  },
  permission: {
    status: 403,
    type: 'permission_error',
    code: null,
    message: (model) => `Permission denied: this key may not use the model \`${model}\`.`,
  },
  rate_limit: {
    status: 429,
    type: 'requests',
    code: 'rate_limit_exceeded',
    message: (model) =>
      `Rate limit reached for ${model} in organization org-fake on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s. Visit https://platform.openai.com/account/rate-limits to learn more.`,
  },
  insufficient_quota: {
    status: 429,
    type: 'insufficient_quota',
    code: 'insufficient_quota',
    message: () =>
      'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
  },
  model_not_found: {
    status: 404,
    type: 'invalid_request_error',
    code: 'model_not_found',
    message: (model) => `The model \`${model}\` does not exist or you do not have access to it.`,
  },
  context_length: {
    status: 400,
    type: 'invalid_request_error',
    code: 'context_length_exceeded',
    param: 'messages',
    message: () =>
      "This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens. Please reduce the length of the messages.",
  },
  bad_request: {
    status: 400,
    type: 'invalid_request_error',
    code: null,
    message: () => 'Invalid request.',
  },
  server_error: {
    status: 500,
    type: 'server_error',
    code: null,
    message: () => 'The server had an error while processing your request. Sorry about that!',
  },
  overloaded: {
    status: 503,
    type: 'server_error',
    code: null,
    message: () => 'The server is overloaded or not ready yet.',
  },
};

/** Every {@link FakeErrorKind}. */
export const ERROR_KINDS: ReadonlySet<string> = new Set(Object.keys(TEMPLATES));

/** The error kind a bare status stands for (`x-fake-status: 429` alone is a rate limit). */
export function errorKindForStatus(status: number): FakeErrorKind {
  switch (status) {
    case 401:
      return 'invalid_api_key';
    case 403:
      return 'permission';
    case 404:
      return 'model_not_found';
    case 429:
      return 'rate_limit';
    case 503:
      return 'overloaded';
    default:
      return status >= 500 ? 'server_error' : 'bad_request';
  }
}

/** Status and body of a provider error; `status` and `message` override the kind's own. */
export function providerError(
  kind: FakeErrorKind,
  model: string,
  apiKey: string | undefined,
  status?: number,
  message?: string,
): { status: number; body: OpenAiError } {
  const t = TEMPLATES[kind];
  return {
    status: status ?? t.status,
    body: {
      error: { message: message ?? t.message(model, apiKey), type: t.type, param: t.param ?? null, code: t.code },
    },
  };
}

/** An `invalid_request_error` body as OpenAI answers malformed requests. */
export function invalidRequest(message: string, param: string | null = null, code: string | null = null): OpenAiError {
  return { error: { message, type: 'invalid_request_error', param, code } };
}

/** The kind a stream's mid-stream error is programmed as: `error`, else that of a status ≥ 400. */
export function streamErrorKind(b: FakeBehaviour, forStatus = errorKindForStatus): FakeErrorKind | undefined {
  return b.error ?? (b.status !== undefined && b.status >= 400 ? forStatus(b.status) : undefined);
}

/** The error event `streamErrorAfter` ends an OpenAI stream with (default `server_error`). */
export function openAiStreamError(x: Exchange): string {
  const kind = streamErrorKind(x.behaviour) ?? 'server_error';
  const { body } = providerError(kind, x.model, apiKeyOf(x.req.headers), undefined, x.behaviour.errorMessage);
  return sseData(JSON.stringify(body));
}
