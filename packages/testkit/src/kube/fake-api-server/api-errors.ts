/**
 * Kubernetes `Status` failures. Handlers throw {@link ApiError}; the server turns it into the JSON
 * body the real API server sends (`kind: Status`, `reason`, `code`, `details`).
 */
import { qualifiedResourceName, type ResourceDefinition } from './types';

/** A `metav1.StatusCause` (used by 422 Invalid). */
export interface StatusCause {
  reason?: string;
  message: string;
  field?: string;
}

/** The JSON body of a failed request. */
export interface KubeStatus {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Failure';
  message: string;
  reason: string;
  details?: { name?: string; group?: string; kind?: string; causes?: StatusCause[]; retryAfterSeconds?: number };
  code: number;
}

/** A request failure carrying the HTTP code and the Kubernetes reason. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    message: string,
    readonly details?: KubeStatus['details'],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The `Status` object sent to the client. */
  toStatus(): KubeStatus {
    const status: KubeStatus = {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: this.message,
      reason: this.reason,
      code: this.code,
    };
    if (this.details) status.details = this.details;
    return status;
  }
}

type Described = Pick<ResourceDefinition, 'group' | 'plural' | 'kind'>;

function detailsFor(definition: Described, name?: string): KubeStatus['details'] {
  return { ...(name !== undefined ? { name } : {}), group: definition.group, kind: definition.plural };
}

/** 404: `channels.modelgate.dev "x" not found`. */
export function notFound(definition: Described, name: string): ApiError {
  return new ApiError(404, 'NotFound', `${qualifiedResourceName(definition)} "${name}" not found`, detailsFor(definition, name));
}

/** 404 for a URL that names no served resource. */
export function pageNotFound(): ApiError {
  return new ApiError(404, 'NotFound', 'the server could not find the requested resource');
}

/** 409 on create of an existing name. */
export function alreadyExists(definition: Described, name: string): ApiError {
  return new ApiError(409, 'AlreadyExists', `${qualifiedResourceName(definition)} "${name}" already exists`, detailsFor(definition, name));
}

/** 409 on a write whose `resourceVersion` is not the stored one. */
export function conflict(definition: Described, name: string): ApiError {
  return new ApiError(
    409,
    'Conflict',
    `Operation cannot be fulfilled on ${qualifiedResourceName(definition)} "${name}": the object has been modified; please apply your changes to the latest version and try again`,
    detailsFor(definition, name),
  );
}

/** 422 with field causes, message shaped like the real server's. */
export function invalid(definition: Described, name: string, causes: StatusCause[]): ApiError {
  const summary = causes.map((cause) => (cause.field ? `${cause.field}: ${cause.message}` : cause.message)).join(', ');
  return new ApiError(422, 'Invalid', `${definition.kind}.${definition.group || 'core'} "${name}" is invalid: ${summary}`, {
    ...detailsFor(definition, name),
    kind: definition.kind,
    causes: causes.map((cause) => ({ reason: cause.reason ?? 'FieldValueInvalid', ...cause })),
  });
}

/** 400 for a body that cannot be read. */
export function badRequest(message: string): ApiError {
  return new ApiError(400, 'BadRequest', message);
}

/** 405 for a verb the resource does not support. */
export function methodNotAllowed(message = 'the server does not allow this method on the requested resource'): ApiError {
  return new ApiError(405, 'MethodNotAllowed', message);
}

/** 415 for a patch type the resource does not accept. */
export function unsupportedMediaType(contentType: string): ApiError {
  return new ApiError(415, 'UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml (got ${contentType})`);
}

/** 410 Expired: the resourceVersion asked for is older than the retained history. */
export function expired(requested: number, oldestAvailable: number): ApiError {
  return new ApiError(410, 'Expired', `too old resource version: ${requested} (${oldestAvailable})`);
}

/** The `reason` Kubernetes uses for a plain HTTP code (for injected faults). */
export function reasonForCode(code: number): string {
  const reasons: Record<number, string> = {
    400: 'BadRequest',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'NotFound',
    409: 'Conflict',
    410: 'Expired',
    422: 'Invalid',
    429: 'TooManyRequests',
    500: 'InternalError',
    503: 'ServiceUnavailable',
    504: 'Timeout',
  };
  return reasons[code] ?? 'Unknown';
}
