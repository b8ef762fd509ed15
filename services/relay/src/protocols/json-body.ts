import { AppError, GrpcCode, ValidationError } from '@modelgate/runtime';

/** Reading a request body as the JSON object every JSON operation of every protocol takes. */

/** A body in a content type the endpoint does not take: 415 in the client's protocol. */
export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super('unsupported_media_type', message, 415, GrpcCode.INVALID_ARGUMENT);
  }
}

function isJsonContentType(contentType: string | undefined): boolean {
  if (contentType === undefined || contentType.trim() === '') return true;
  const mediaType = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

/** The body as a JSON object, or a 400 in the client's protocol. */
export function parseJsonObject(body: Buffer): Record<string, unknown> {
  if (body.length === 0) throw invalidBody('Invalid request, the body is empty');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new ValidationError(`Invalid request, the body is not valid JSON: ${(error as Error).message}`, {
      code: 'invalid_json',
    });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalidBody('Invalid request, the body must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}

/** Refuses a body that is not JSON where JSON is taken (415). */
export function requireJson(operation: string, contentType: string | undefined): void {
  if (!isJsonContentType(contentType)) {
    throw new UnsupportedMediaTypeError(`${operation} takes an application/json body, not ${contentType}`);
  }
}


function invalidBody(message: string): ValidationError {
  return new ValidationError(message, { code: 'invalid_request' });
}
