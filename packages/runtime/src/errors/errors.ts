import { AppError, type AppErrorOptions, GrpcCode } from './app-error';

/** The request is malformed or fails validation. */
export class ValidationError extends AppError {
  constructor(message: string, options?: AppErrorOptions & { code?: string }) {
    super(options?.code ?? 'invalid_request', message, 400, GrpcCode.INVALID_ARGUMENT, options);
  }
}

/** No valid credentials were presented. */
export class AuthenticationError extends AppError {
  constructor(message: string, options?: AppErrorOptions & { code?: string }) {
    super(options?.code ?? 'unauthenticated', message, 401, GrpcCode.UNAUTHENTICATED, options);
  }
}

/** The caller is known but may not do this. */
export class PermissionDeniedError extends AppError {
  constructor(message: string, options?: AppErrorOptions & { code?: string }) {
    super(options?.code ?? 'permission_denied', message, 403, GrpcCode.PERMISSION_DENIED, options);
  }
}

/** The addressed resource does not exist. */
export class NotFoundError extends AppError {
  constructor(message: string, options?: AppErrorOptions & { code?: string }) {
    super(options?.code ?? 'not_found', message, 404, GrpcCode.NOT_FOUND, options);
  }
}

/** The request conflicts with the current state (duplicate, stale version). */
export class ConflictError extends AppError {
  constructor(message: string, options?: AppErrorOptions & { code?: string }) {
    super(options?.code ?? 'conflict', message, 409, GrpcCode.ALREADY_EXISTS, options);
  }
}

/** The action is not allowed in the resource's current state. */
export class PreconditionFailedError extends AppError {
  constructor(message: string, options?: AppErrorOptions & { code?: string }) {
    super(options?.code ?? 'failed_precondition', message, 400, GrpcCode.FAILED_PRECONDITION, options);
  }
}

/** The caller's quota (credit) does not cover the request. */
export class QuotaExceededError extends AppError {
  constructor(message: string, options?: AppErrorOptions & { code?: string }) {
    super(options?.code ?? 'insufficient_quota', message, 403, GrpcCode.RESOURCE_EXHAUSTED, options);
  }
}

/** Too many requests in the current window. */
export class RateLimitedError extends AppError {
  constructor(message: string, options?: AppErrorOptions & { code?: string }) {
    super(options?.code ?? 'rate_limited', message, 429, GrpcCode.RESOURCE_EXHAUSTED, options);
  }
}

/** The operation exists in the protocol but this product does not offer it. */
export class UnsupportedOperationError extends AppError {
  constructor(message: string, options?: AppErrorOptions & { code?: string }) {
    super(options?.code ?? 'unsupported_operation', message, 501, GrpcCode.UNIMPLEMENTED, options);
  }
}

/** A dependency (database, bus, another service) cannot be reached right now. */
export class UnavailableError extends AppError {
  constructor(message: string, options?: AppErrorOptions & { code?: string }) {
    super(options?.code ?? 'unavailable', message, 503, GrpcCode.UNAVAILABLE, options);
  }
}

/** A call ran past its deadline. */
export class DeadlineExceededError extends AppError {
  constructor(message: string, options?: AppErrorOptions & { code?: string }) {
    super(options?.code ?? 'deadline_exceeded', message, 504, GrpcCode.DEADLINE_EXCEEDED, options);
  }
}

/** A fault of our own; the message shown to clients stays generic. */
export class InternalError extends AppError {
  constructor(message = 'internal error', options?: AppErrorOptions & { code?: string }) {
    super(options?.code ?? 'internal', message, 500, GrpcCode.INTERNAL, options);
  }
}
