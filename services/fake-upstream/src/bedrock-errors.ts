// Bedrock Runtime's error answers: JSON `{message}` with the exception's name in
// `x-amzn-errortype`, at the statuses the service model gives each exception; and the exception
// messages that end an event stream (`:message-type: exception`).
import type { ServerResponse } from 'node:http';
import { errorKindForStatus } from './errors';
import type { FakeErrorKind } from './types';

/** A Bedrock exception: its HTTP status, name and message. */
export interface BedrockException {
  readonly status: number;
  readonly name: string;
  readonly message: string;
}

const TEMPLATES: Readonly<Record<FakeErrorKind, BedrockException>> = {
  invalid_api_key: {
    status: 403,
    name: 'UnrecognizedClientException',
    message: 'The security token included in the request is invalid.',
  },
  account_deactivated: {
    status: 403,
    name: 'AccessDeniedException',
    message: 'Your account is not authorized to invoke this API operation.',
  },
  permission: {
    status: 403,
    name: 'AccessDeniedException',
    message: "You don't have access to the model with the specified model ID.",
  },
  rate_limit: { status: 429, name: 'ThrottlingException', message: 'Too many requests, please wait before trying again.' },
  insufficient_quota: {
    status: 400,
    name: 'ServiceQuotaExceededException',
    message: 'Your request exceeds the service quota for your account. You can view your quotas at Viewing service quotas.',
  },
  model_not_found: {
    status: 404,
    name: 'ResourceNotFoundException',
    message: 'Could not resolve the foundation model from the provided model identifier.',
  },
  context_length: { status: 400, name: 'ValidationException', message: 'Input is too long for requested model.' },
  bad_request: {
    status: 400,
    name: 'ValidationException',
    message: 'Malformed input request, please reformat your input and try again.',
  },
  server_error: {
    status: 500,
    name: 'InternalServerException',
    message: 'The system encountered an unexpected error during processing. Try your request again.',
  },
  overloaded: { status: 503, name: 'ServiceUnavailableException', message: 'Bedrock is unable to process your request.' },
};

// Exceptions of bare statuses that no error kind stands for.
const BY_STATUS: ReadonlyMap<number, BedrockException> = new Map([
  [
    408,
    {
      status: 408,
      name: 'ModelTimeoutException',
      message: 'Model has timed out in processing the request. Try your request again.',
    },
  ],
  [
    424,
    { status: 424, name: 'ModelErrorException', message: 'The model returned an error while processing the request.' },
  ],
]);

/** The exception of `kind`, or of a bare `status` when no kind is given; both may be overridden. */
export function bedrockException(kind: FakeErrorKind | undefined, status?: number, message?: string): BedrockException {
  const base = (kind === undefined && status !== undefined ? BY_STATUS.get(status) : undefined) ??
    TEMPLATES[kind ?? errorKindForStatus(status ?? 500)];
  return { status: status ?? base.status, name: base.name, message: message ?? base.message };
}

// Authentication failures come from AWS's front door, not from Bedrock itself.
const FRONT_DOOR = new Set([
  'UnrecognizedClientException',
  'InvalidSignatureException',
  'IncompleteSignatureException',
  'MissingAuthenticationTokenException',
]);

/** Sends `e` as Bedrock does. */
export function sendBedrockError(res: ServerResponse, e: BedrockException, requestId: string): void {
  const body = JSON.stringify({ message: e.message });
  const namespace = FRONT_DOOR.has(e.name) ? 'com.amazon.coral.service' : 'com.amazon.bedrock';
  res.writeHead(e.status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'x-amzn-requestid': requestId,
    'x-amzn-errortype': `${e.name}:http://internal.amazon.com/coral/${namespace}/`,
  });
  res.end(body);
}

/** The `:exception-type` and payload that end a stream for `kind` (default: throttling). */
export function bedrockStreamException(
  kind: FakeErrorKind | undefined,
  message: string | undefined,
): { type: string; payload: Record<string, unknown> } {
  switch (kind) {
    case undefined:
    case 'rate_limit':
      return { type: 'throttlingException', payload: { message: message ?? TEMPLATES.rate_limit.message } };
    case 'overloaded':
      return { type: 'serviceUnavailableException', payload: { message: message ?? TEMPLATES.overloaded.message } };
    case 'server_error':
      return { type: 'internalServerException', payload: { message: message ?? TEMPLATES.server_error.message } };
    case 'bad_request':
    case 'context_length':
      return { type: 'validationException', payload: { message: message ?? TEMPLATES[kind].message } };
    default: {
      const e = TEMPLATES[kind];
      const text = message ?? e.message;
      return {
        type: 'modelStreamErrorException',
        payload: { message: text, originalStatusCode: e.status, originalMessage: text },
      };
    }
  }
}
