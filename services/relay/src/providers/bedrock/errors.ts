import { UpstreamError } from '../../protocols/upstream-error';

/**
 * Bedrock's error answers: a JSON `{message}` body with the exception's name in the
 * `x-amzn-errortype` header (`ThrottlingException:http://…`), read into the neutral upstream error
 * with the Anthropic error type of the same meaning, so retries, auto-disabling and every client
 * protocol treat them as they treat Anthropic's own.
 */

/** Anthropic's error type for each Bedrock exception. */
const EXCEPTION_TYPES: Readonly<Record<string, string>> = {
  ValidationException: 'invalid_request_error',
  AccessDeniedException: 'permission_error',
  UnrecognizedClientException: 'authentication_error',
  InvalidSignatureException: 'authentication_error',
  ExpiredTokenException: 'authentication_error',
  ResourceNotFoundException: 'not_found_error',
  ThrottlingException: 'rate_limit_error',
  ServiceQuotaExceededException: 'rate_limit_error',
  ModelTimeoutException: 'timeout_error',
  ModelNotReadyException: 'overloaded_error',
  ServiceUnavailableException: 'overloaded_error',
  ModelErrorException: 'api_error',
  ModelStreamErrorException: 'api_error',
  InternalServerException: 'api_error',
};

/** The exception name of an `x-amzn-errortype` header or an event's `:exception-type` (any case). */
export function exceptionName(raw: string | undefined): string | undefined {
  const name = raw?.split(':', 1)[0]?.trim();
  if (!name) return undefined;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Anthropic's error type for a Bedrock exception. */
export function errorTypeOfException(name: string | undefined, status: number): string {
  if (name && EXCEPTION_TYPES[name]) return EXCEPTION_TYPES[name]!;
  if (status === 429) return 'rate_limit_error';
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  return status >= 500 ? 'api_error' : 'invalid_request_error';
}

function messageOf(body: Uint8Array | string): string | undefined {
  const text = typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
  if (text.length === 0 || text.length > 64 * 1024) return undefined;
  try {
    const parsed = JSON.parse(text) as { message?: unknown; Message?: unknown };
    const message = parsed.message ?? parsed.Message;
    return typeof message === 'string' && message !== '' ? message : undefined;
  } catch {
    return undefined;
  }
}

function header(headers: Readonly<Record<string, string | string[] | undefined>> | undefined, name: string): string | undefined {
  const value = headers?.[name];
  return Array.isArray(value) ? value[0] : value;
}

export function mapBedrockError(
  status: number,
  body: Uint8Array | string,
  headers?: Readonly<Record<string, string | string[] | undefined>>,
): UpstreamError {
  const name = exceptionName(header(headers, 'x-amzn-errortype'));
  const message = messageOf(body);
  return new UpstreamError({
    kind: 'upstream',
    status,
    message: message ? (name ? `${name}: ${message}` : message) : `bad response status code ${status}`,
    errorType: errorTypeOfException(name, status),
    errorCode: message ? null : 'bad_response_status_code',
  });
}
