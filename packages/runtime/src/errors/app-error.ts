/**
 * gRPC status codes used by the error hierarchy. Kept as plain numbers so this module has no
 * transport dependency; they equal `@grpc/grpc-js` `status` values.
 */
export const GrpcCode = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  UNAUTHENTICATED: 16,
} as const;
export type GrpcCode = (typeof GrpcCode)[keyof typeof GrpcCode];

/** Options common to every application error. */
export interface AppErrorOptions {
  /** The lower-level error this one wraps; logged, never shown to clients. */
  cause?: unknown;
  /** Structured, client-safe details (field names, limits). */
  details?: Record<string, unknown>;
}

/**
 * Base of every error the services throw on purpose. `code` is a stable snake_case string that
 * clients and other services may branch on; it is never reworded. Each protocol (the `/api`
 * envelope, the OpenAI error object, gRPC status) turns an AppError into its own shape in exactly
 * one place.
 */
export class AppError extends Error {
  readonly code: string;
  readonly httpStatus: number;
  readonly grpcCode: GrpcCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: string,
    message: string,
    httpStatus: number,
    grpcCode: GrpcCode,
    options: AppErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.httpStatus = httpStatus;
    this.grpcCode = grpcCode;
    this.details = options.details;
  }

  /** True for faults worth retrying with the same input (the callee was unavailable or slow). */
  get retryable(): boolean {
    return this.grpcCode === GrpcCode.UNAVAILABLE || this.grpcCode === GrpcCode.DEADLINE_EXCEEDED;
  }
}

/** True when `value` is an AppError (also across copies of this module). */
export function isAppError(value: unknown): value is AppError {
  return (
    value instanceof AppError ||
    (value instanceof Error &&
      typeof (value as Partial<AppError>).code === 'string' &&
      typeof (value as Partial<AppError>).httpStatus === 'number' &&
      typeof (value as Partial<AppError>).grpcCode === 'number')
  );
}
