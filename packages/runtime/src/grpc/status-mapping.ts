import { Metadata, status as Status } from '@grpc/grpc-js';
import {
  type AppError,
  type AppErrorOptions,
  AuthenticationError,
  ConflictError,
  DeadlineExceededError,
  InternalError,
  isAppError,
  NotFoundError,
  PermissionDeniedError,
  PreconditionFailedError,
  QuotaExceededError,
  RateLimitedError,
  UnavailableError,
  UnsupportedOperationError,
  ValidationError,
} from '../errors';

// The one place where errors and gRPC statuses are translated, in both directions. Servers send
// an AppError as its `grpcCode` with its message, plus trailing metadata carrying the stable
// `code` (and structured details); clients rebuild the same AppError class and `code` from them.

/** Trailing-metadata key carrying the AppError's stable `code`. */
export const ERROR_CODE_METADATA_KEY = 'modelgate-error-code';
/** Trailing-metadata key carrying the AppError's `details` as (ASCII-only) JSON text. */
export const ERROR_DETAILS_METADATA_KEY = 'modelgate-error-details';
/** The only message a client sees for a fault that is not an AppError. */
export const GENERIC_INTERNAL_MESSAGE = 'internal error';
/** `code` of RateLimitedError (see errors.ts); the one RESOURCE_EXHAUSTED code that is not about quota. */
const RATE_LIMITED_CODE = 'rate_limited';

/** Larger details are dropped rather than risk the peer's metadata size limit (8 KiB by default). */
const MAX_DETAILS_LENGTH = 4096;
/** Status messages travel in a header too; longer ones are cut. */
const MAX_MESSAGE_LENGTH = 1024;

/** A non-OK status ready for a grpc-js server callback. */
export interface GrpcErrorStatus {
  code: Status;
  details: string;
  metadata: Metadata;
}

/** The result of mapping a thrown value on the server. */
export interface ServerErrorMapping {
  status: GrpcErrorStatus;
  /** True when the value was not an AppError: a bug or an unexpected fault, worth logging in full. */
  unexpected: boolean;
  /** Set when the AppError's details could not be sent (too large or not serialisable). */
  droppedDetails?: string;
}

/**
 * Server side: turns anything a handler threw into the status the client receives. An AppError
 * keeps its status code, message, `code` and details; anything else becomes INTERNAL with a
 * generic message, so internal error text never leaks to callers.
 */
export function toGrpcStatus(error: unknown): ServerErrorMapping {
  const metadata = new Metadata();
  if (!isAppError(error)) {
    metadata.set(ERROR_CODE_METADATA_KEY, new InternalError().code);
    return {
      status: { code: Status.INTERNAL, details: GENERIC_INTERNAL_MESSAGE, metadata },
      unexpected: true,
    };
  }
  if (isLegalMetadataValue(error.code)) metadata.set(ERROR_CODE_METADATA_KEY, error.code);
  // An AppError always means failure; a subclass that claims OK would turn it into an empty success.
  const code = error.grpcCode === Status.OK ? Status.INTERNAL : (error.grpcCode as Status);
  const mapping: ServerErrorMapping = {
    status: { code, details: sanitizeMessage(error.message), metadata },
    unexpected: false,
  };
  if (error.details !== undefined) {
    const encoded = encodeDetails(error.details);
    if (typeof encoded === 'string') metadata.set(ERROR_DETAILS_METADATA_KEY, encoded);
    else mapping.droppedDetails = encoded.reason;
  }
  return mapping;
}

/** A received non-OK status: what a grpc-js `ServiceError` carries. */
export interface ReceivedStatus {
  code: number;
  details: string;
  metadata?: Metadata | undefined;
}

type ErrorFactory = (message: string, options: AppErrorOptions & { code?: string }) => AppError;

const FACTORIES: Partial<Record<number, ErrorFactory>> = {
  [Status.INVALID_ARGUMENT]: (m, o) => new ValidationError(m, o),
  [Status.NOT_FOUND]: (m, o) => new NotFoundError(m, o),
  [Status.UNAUTHENTICATED]: (m, o) => new AuthenticationError(m, o),
  [Status.PERMISSION_DENIED]: (m, o) => new PermissionDeniedError(m, o),
  [Status.ALREADY_EXISTS]: (m, o) => new ConflictError(m, o),
  [Status.FAILED_PRECONDITION]: (m, o) => new PreconditionFailedError(m, o),
  [Status.UNIMPLEMENTED]: (m, o) => new UnsupportedOperationError(m, o),
  [Status.UNAVAILABLE]: (m, o) => new UnavailableError(m, o),
  [Status.DEADLINE_EXCEEDED]: (m, o) => new DeadlineExceededError(m, o),
};

/**
 * Client side: rebuilds the AppError a server sent. The status code picks the class and the
 * `modelgate-error-code` trailer restores the original `code`; a status produced by the transport
 * itself (no trailer) gets the class's default code.
 *
 * RESOURCE_EXHAUSTED is split by `code`: `rate_limited` → RateLimitedError, any other Modelgate
 * code → QuotaExceededError. Without our trailer it is grpc-js refusing an oversized message, a
 * fault rather than anyone's quota, so it becomes an InternalError.
 */
export function fromGrpcStatus(received: ReceivedStatus, cause?: unknown): AppError {
  const code = firstString(received.metadata?.get(ERROR_CODE_METADATA_KEY));
  const details = decodeDetails(firstString(received.metadata?.get(ERROR_DETAILS_METADATA_KEY)));
  const options: AppErrorOptions & { code?: string } = {};
  if (code !== undefined) options.code = code;
  if (details !== undefined) options.details = details;
  if (cause !== undefined) options.cause = cause;
  const message = received.details || GENERIC_INTERNAL_MESSAGE;

  if (received.code === Status.RESOURCE_EXHAUSTED) {
    if (code === RATE_LIMITED_CODE) return new RateLimitedError(message, options);
    if (code !== undefined) return new QuotaExceededError(message, options);
    return new InternalError(message, options);
  }
  const factory = FACTORIES[received.code];
  return factory ? factory(message, options) : new InternalError(message, options);
}

/** JSON text of `details` with every non-ASCII character escaped (metadata values must be ASCII). */
function encodeDetails(details: Record<string, unknown>): string | { reason: string } {
  let json: string;
  try {
    json = JSON.stringify(details);
  } catch (error) {
    return { reason: `details are not serialisable: ${(error as Error).message}` };
  }
  const ascii = json.replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  if (ascii.length > MAX_DETAILS_LENGTH) {
    return { reason: `details exceed ${MAX_DETAILS_LENGTH} characters (${ascii.length})` };
  }
  return ascii;
}

function decodeDetails(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function firstString(values: ReadonlyArray<string | Buffer> | undefined): string | undefined {
  const value = values?.[0];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** Printable ASCII only, as grpc-js requires of non-binary metadata values. */
function isLegalMetadataValue(value: string): boolean {
  return /^[ -~]*$/.test(value);
}

/**
 * Makes a status message safe to send: lone surrogates (which make grpc-js's `encodeURI` throw)
 * become U+FFFD, and overlong text is cut.
 */
export function sanitizeMessage(message: string): string {
  const cut = message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : message;
  return cut.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}
