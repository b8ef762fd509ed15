// Google's error answers (the Gemini API and Vertex AI): `{error: {code, message, status,
// details?}}`, with the canonical status name of each HTTP status and Google's wording.
import type { ServerResponse } from 'node:http';
import { sendJson } from './reply';
import { sseData } from './sse';
import type { FakeErrorKind } from './types';

/** A Google error: HTTP status, canonical status name, message and optional details. */
export interface GoogleError {
  readonly code: number;
  readonly status: string;
  readonly message: string;
  readonly details?: readonly Record<string, unknown>[];
}

/** Which Google surface answers: the wording differs a little. */
export type GoogleSurface = 'gemini' | 'vertex';

/** The canonical status name Google gives an HTTP status. */
export function googleStatusName(code: number): string {
  switch (code) {
    case 400:
      return 'INVALID_ARGUMENT';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'PERMISSION_DENIED';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'ABORTED';
    case 429:
      return 'RESOURCE_EXHAUSTED';
    case 499:
      return 'CANCELLED';
    case 501:
      return 'NOT_IMPLEMENTED';
    case 503:
      return 'UNAVAILABLE';
    case 504:
      return 'DEADLINE_EXCEEDED';
    default:
      return code >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION';
  }
}

const errorInfo = (reason: string, service: string): Record<string, unknown> => ({
  '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
  reason,
  domain: 'googleapis.com',
  metadata: { service },
});

const GEMINI_SERVICE = 'generativelanguage.googleapis.com';
const VERTEX_SERVICE = 'aiplatform.googleapis.com';

/** Gemini API's answer to a key it does not know. */
export const API_KEY_INVALID: GoogleError = {
  code: 400,
  status: 'INVALID_ARGUMENT',
  message: 'API key not valid. Please pass a valid API key.',
  details: [
    errorInfo('API_KEY_INVALID', GEMINI_SERVICE),
    {
      '@type': 'type.googleapis.com/google.rpc.LocalizedMessage',
      locale: 'en-US',
      message: 'API key not valid. Please pass a valid API key.',
    },
  ],
};

/** Gemini API's answer to a request with no key. */
export const UNREGISTERED_CALLER: GoogleError = {
  code: 403,
  status: 'PERMISSION_DENIED',
  message:
    "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
  details: [errorInfo('SERVICE_DISABLED', GEMINI_SERVICE)],
};

/** Vertex AI's answer to a missing, unknown or expired access token. */
export const UNAUTHENTICATED: GoogleError = {
  code: 401,
  status: 'UNAUTHENTICATED',
  message:
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
  details: [errorInfo('ACCESS_TOKEN_EXPIRED', VERTEX_SERVICE)],
};

/** Vertex AI's answer to a token without the cloud-platform scope. */
export const INSUFFICIENT_SCOPES: GoogleError = {
  code: 403,
  status: 'PERMISSION_DENIED',
  message: 'Request had insufficient authentication scopes.',
  details: [errorInfo('ACCESS_TOKEN_SCOPE_INSUFFICIENT', VERTEX_SERVICE)],
};

const retryInfo = { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '20s' };

/** The error of `kind` on `surface`, for a request about `model`. */
function kindError(kind: FakeErrorKind, surface: GoogleSurface, model: string, version: string): GoogleError {
  const vertex = surface === 'vertex';
  switch (kind) {
    case 'invalid_api_key':
      return vertex ? UNAUTHENTICATED : API_KEY_INVALID;
    case 'account_deactivated':
      return {
        code: 403,
        status: 'PERMISSION_DENIED',
        message: "Permission denied: Consumer 'api_key:fake' has been suspended.",
        details: [errorInfo('CONSUMER_SUSPENDED', vertex ? VERTEX_SERVICE : GEMINI_SERVICE)],
      };
    case 'permission':
      return {
        code: 403,
        status: 'PERMISSION_DENIED',
        message: vertex
          ? `Permission 'aiplatform.endpoints.predict' denied on resource '${model}' (or it may not exist).`
          : 'The caller does not have permission',
      };
    case 'rate_limit':
      return {
        code: 429,
        status: 'RESOURCE_EXHAUSTED',
        message: vertex
          ? 'Resource exhausted. Please try again later. Please refer to https://cloud.google.com/vertex-ai/generative-ai/docs/error-code-429 for more details.'
          : 'Resource has been exhausted (e.g. check quota).',
        details: vertex ? undefined : [retryInfo],
      };
    case 'insufficient_quota':
      return {
        code: 429,
        status: 'RESOURCE_EXHAUSTED',
        message:
          'You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
            violations: [{ quotaMetric: `${GEMINI_SERVICE}/generate_content_free_tier_requests`, quotaValue: '0' }],
          },
          retryInfo,
        ],
      };
    case 'model_not_found':
      return {
        code: 404,
        status: 'NOT_FOUND',
        message: vertex
          ? `Publisher Model \`${model}\` was not found or your project does not have access to it. Please ensure you are using a valid model version.`
          : `models/${model} is not found for API version ${version}, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
      };
    case 'context_length':
      return {
        code: 400,
        status: 'INVALID_ARGUMENT',
        message: 'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).',
      };
    case 'bad_request':
      return { code: 400, status: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' };
    case 'server_error':
      return {
        code: 500,
        status: 'INTERNAL',
        message: vertex
          ? 'Internal error encountered.'
          : 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
      };
    case 'overloaded':
      return { code: 503, status: 'UNAVAILABLE', message: 'The model is overloaded. Please try again later.' };
  }
}

/** The error a bare status stands for (no kind programmed). */
function statusError(code: number, surface: GoogleSurface, model: string, version: string): GoogleError {
  switch (code) {
    case 400:
      return kindError('bad_request', surface, model, version);
    case 401:
      return UNAUTHENTICATED;
    case 403:
      return kindError('permission', surface, model, version);
    case 404:
      return kindError('model_not_found', surface, model, version);
    case 429:
      return kindError('rate_limit', surface, model, version);
    case 500:
      return kindError('server_error', surface, model, version);
    case 503:
      return kindError('overloaded', surface, model, version);
    case 504:
      return { code, status: 'DEADLINE_EXCEEDED', message: 'Deadline expired before operation could complete.' };
    default:
      return { code, status: googleStatusName(code), message: code >= 500 ? 'Internal error encountered.' : 'Request failed.' };
  }
}

/**
 * The programmed error: that of `kind` (at `status` when given), else that of the bare `status`;
 * `message` replaces the wording.
 */
export function googleErrorOf(
  kind: FakeErrorKind | undefined,
  status: number | undefined,
  surface: GoogleSurface,
  model: string,
  version: string,
  message?: string,
): GoogleError {
  let e = kind === undefined ? statusError(status ?? 500, surface, model, version) : kindError(kind, surface, model, version);
  if (status !== undefined && status !== e.code) e = { ...e, code: status, status: googleStatusName(status) };
  return message === undefined ? e : { ...e, message };
}

/** A 400 INVALID_ARGUMENT with `message`. */
export const invalidArgument = (message: string): GoogleError => ({ code: 400, status: 'INVALID_ARGUMENT', message });

/** Google's error body of `e`. */
export const googleErrorBody = (e: GoogleError): { error: Record<string, unknown> } => ({
  error: e.details === undefined
    ? { code: e.code, message: e.message, status: e.status }
    : { code: e.code, message: e.message, status: e.status, details: e.details },
});

/** Sends `e` as Google does. */
export function sendGoogleError(res: ServerResponse, e: GoogleError): void {
  sendJson(res, e.code, googleErrorBody(e));
}

/** `e` as the SSE event that ends a Gemini stream. */
export const googleStreamError = (e: GoogleError): string => sseData(JSON.stringify(googleErrorBody(e)));
