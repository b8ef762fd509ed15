import { Metadata, status as Status } from '@grpc/grpc-js';
import {
  AppError,
  AuthenticationError,
  ConflictError,
  DeadlineExceededError,
  InternalError,
  NotFoundError,
  PermissionDeniedError,
  PreconditionFailedError,
  QuotaExceededError,
  RateLimitedError,
  UnavailableError,
  UnsupportedOperationError,
  ValidationError,
} from '../errors';
import {
  ERROR_CODE_METADATA_KEY,
  ERROR_DETAILS_METADATA_KEY,
  fromGrpcStatus,
  sanitizeMessage,
  toGrpcStatus,
} from './status-mapping';

/** What a client receives for `error` thrown by a handler. */
function roundTrip(error: unknown): AppError {
  const { status } = toGrpcStatus(error);
  return fromGrpcStatus(status);
}

describe('status mapping', () => {
  it.each([
    new ValidationError('bad', { code: 'invalid_email' }),
    new AuthenticationError('who'),
    new PermissionDeniedError('no'),
    new NotFoundError('gone', { code: 'user_not_found' }),
    new ConflictError('dup'),
    new PreconditionFailedError('state'),
    new QuotaExceededError('poor'),
    new RateLimitedError('fast'),
    new UnsupportedOperationError('nope'),
    new UnavailableError('down'),
    new DeadlineExceededError('slow'),
    new InternalError('ours', { code: 'migration_missing' }),
  ])('restores %p with its class, code and message', (error) => {
    const restored = roundTrip(error);
    expect(restored.constructor).toBe(error.constructor);
    expect(restored).toMatchObject({ code: error.code, message: error.message, grpcCode: error.grpcCode });
  });

  it('sends details as ASCII JSON and restores them', () => {
    const error = new ValidationError('bad', { details: { field: 'name', hint: 'ünïcødé 名前 🙂', max: 3 } });
    const { status } = toGrpcStatus(error);
    const sent = status.metadata.get(ERROR_DETAILS_METADATA_KEY)[0] as string;
    expect(sent).toMatch(/^[ -~]*$/);
    expect(fromGrpcStatus(status).details).toEqual(error.details);
  });

  it('drops details that are too large or not serialisable, and says why', () => {
    const large = toGrpcStatus(new ValidationError('bad', { details: { blob: 'x'.repeat(10_000) } }));
    expect(large.status.metadata.get(ERROR_DETAILS_METADATA_KEY)).toEqual([]);
    expect(large.droppedDetails).toMatch(/exceed/);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const unserialisable = toGrpcStatus(new ValidationError('bad', { details: circular }));
    expect(unserialisable.droppedDetails).toMatch(/serialisable/);
  });

  it('sends anything but an AppError as INTERNAL with a generic message', () => {
    const mapping = toGrpcStatus(new Error('secret'));
    expect(mapping.unexpected).toBe(true);
    expect(mapping.status).toMatchObject({ code: Status.INTERNAL, details: 'internal error' });
    expect(roundTrip('a string')).toBeInstanceOf(InternalError);
  });

  it('maps statuses produced by the transport to the class default codes', () => {
    const deadline = fromGrpcStatus({ code: Status.DEADLINE_EXCEEDED, details: 'Deadline exceeded' });
    expect(deadline).toBeInstanceOf(DeadlineExceededError);
    expect(deadline.code).toBe('deadline_exceeded');
    expect(fromGrpcStatus({ code: Status.UNAVAILABLE, details: 'refused' })).toBeInstanceOf(UnavailableError);
    expect(fromGrpcStatus({ code: Status.CANCELLED, details: 'Cancelled' })).toBeInstanceOf(InternalError);
    expect(fromGrpcStatus({ code: Status.UNKNOWN, details: '' }).message).toBe('internal error');
  });

  it('splits RESOURCE_EXHAUSTED by code, and treats it without a code as a fault', () => {
    const withCode = (code: string) => {
      const metadata = new Metadata();
      metadata.set(ERROR_CODE_METADATA_KEY, code);
      return fromGrpcStatus({ code: Status.RESOURCE_EXHAUSTED, details: 'x', metadata });
    };
    expect(withCode('rate_limited')).toBeInstanceOf(RateLimitedError);
    expect(withCode('token_quota_exhausted')).toBeInstanceOf(QuotaExceededError);
    const oversized = fromGrpcStatus({ code: Status.RESOURCE_EXHAUSTED, details: 'message larger than max' });
    expect(oversized).toBeInstanceOf(InternalError);
  });

  it('ignores malformed details', () => {
    const metadata = new Metadata();
    metadata.set(ERROR_DETAILS_METADATA_KEY, '{not json');
    expect(fromGrpcStatus({ code: Status.NOT_FOUND, details: 'x', metadata }).details).toBeUndefined();
  });

  it('makes status messages safe to send', () => {
    expect(sanitizeMessage('ok \ud83d\ude42')).toBe('ok \ud83d\ude42');
    expect(sanitizeMessage('lone \ud83d here')).toBe('lone \ufffd here');
    expect(sanitizeMessage('y'.repeat(5_000))).toHaveLength(1024);
  });
});
