import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  InterceptingCall,
  type Interceptor,
  Metadata,
  type ServerInterceptor,
  ServerInterceptingCall,
  status as Status,
} from '@grpc/grpc-js';
import type { Logger } from 'pino';
import { type AppError, AuthenticationError, InternalError } from '../errors';
import { ERROR_CODE_METADATA_KEY } from './status-mapping';

// Service-to-service authentication (docs/adr/0020-service-authentication.md): every call between
// Modelgate services carries the deployment's shared secret as `authorization: Bearer <secret>`,
// and every server checks it in an interceptor, before any handler, on every method but
// grpc.health.v1 (Kubernetes probes cannot send metadata; health reveals only SERVING or not).

/** Metadata key carrying the secret; the conventional one, which proxies and loggers redact. */
export const SERVICE_AUTH_METADATA_KEY = 'authorization';
/** `code` (in the `modelgate-error-code` trailer) of a call that carried no credentials. */
export const SERVICE_AUTH_MISSING = 'service_auth_missing';
/** `code` of a call whose credentials are not the deployment's secret (or are malformed). */
export const SERVICE_AUTH_INVALID = 'service_auth_invalid';
/** Shortest secret accepted: 32 characters (the generated ones are 43, 256 bits). */
export const MIN_SERVICE_SECRET_LENGTH = 32;
/** Services answered without credentials. */
export const SERVICES_WITHOUT_AUTH: readonly string[] = Object.freeze(['grpc.health.v1.Health']);

const SCHEME = 'Bearer ';
/** Printable ASCII without spaces: what a metadata value can carry unchanged. */
const SECRET_CHARACTERS = /^[!-~]+$/;

const REFUSALS = {
  [SERVICE_AUTH_MISSING]: 'no service credentials: calls between Modelgate services must carry the deployment secret (GRPC_SECRET)',
  [SERVICE_AUTH_INVALID]: 'invalid service credentials: not this deployment’s secret (GRPC_SECRET)',
} as const;
type Refusal = keyof typeof REFUSALS;

/** Why `secret` cannot be a service secret, or undefined when it can. Never quotes the value. */
export function serviceSecretProblem(secret: unknown): string | undefined {
  if (typeof secret !== 'string' || secret.length === 0) return 'is required';
  if (secret.length < MIN_SERVICE_SECRET_LENGTH) return `must be at least ${MIN_SERVICE_SECRET_LENGTH} characters`;
  if (!SECRET_CHARACTERS.test(secret)) return 'must be printable ASCII without spaces';
  return undefined;
}

/** Throws a TypeError naming the problem when `secret` cannot be a service secret. */
export function assertServiceSecret(secret: unknown): asserts secret is string {
  const problem = serviceSecretProblem(secret);
  if (problem) throw new TypeError(`the gRPC service secret ${problem}`);
}

/** A new random secret: 256 bits, URL-safe base64 (43 characters). */
export function generateServiceSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The metadata value a caller sends for `secret`. */
export function serviceAuthHeaderValue(secret: string): string {
  return `${SCHEME}${secret}`;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Judges the credentials of one call. Both sides are hashed first, so the comparison takes the
 * same time whatever the presented value's length and content.
 */
function verdict(values: ReadonlyArray<string | Buffer>, expected: Buffer): Refusal | 'ok' {
  if (values.length === 0) return SERVICE_AUTH_MISSING;
  const [value] = values;
  if (values.length !== 1 || typeof value !== 'string' || !value.startsWith(SCHEME)) return SERVICE_AUTH_INVALID;
  return timingSafeEqual(digest(value.slice(SCHEME.length)), expected) ? 'ok' : SERVICE_AUTH_INVALID;
}

/** `/<package.Service>/<Method>` → `<package.Service>`. */
function serviceOf(path: string): string {
  const name = path.startsWith('/') ? path.slice(1) : path;
  const slash = name.lastIndexOf('/');
  return slash === -1 ? name : name.slice(0, slash);
}

/**
 * The server side: refuses any call to a service not in {@link SERVICES_WITHOUT_AUTH} whose
 * metadata lacks the secret, with UNAUTHENTICATED, a message and the `modelgate-error-code`
 * trailer ({@link SERVICE_AUTH_MISSING} or {@link SERVICE_AUTH_INVALID}); the handler never runs.
 * Accepted calls reach the handler with the credentials removed from their metadata.
 */
export function serviceAuthServerInterceptor(secret: string, logger: Logger): ServerInterceptor {
  assertServiceSecret(secret);
  const expected = digest(secret);
  return (method, call) => {
    if (SERVICES_WITHOUT_AUTH.includes(serviceOf(method.path))) return new ServerInterceptingCall(call);
    return new ServerInterceptingCall(call, {
      start(next) {
        next({
          onReceiveMetadata(metadata, proceed) {
            const result = verdict(metadata.get(SERVICE_AUTH_METADATA_KEY), expected);
            if (result === 'ok') {
              metadata.remove(SERVICE_AUTH_METADATA_KEY);
              proceed(metadata);
              return;
            }
            logger.warn(
              { method: method.path, peer: call.getPeer(), code: result },
              'gRPC call refused: no valid service credentials',
            );
            const trailers = new Metadata();
            trailers.set(ERROR_CODE_METADATA_KEY, result);
            call.sendStatus({ code: Status.UNAUTHENTICATED, details: REFUSALS[result], metadata: trailers });
          },
        });
      },
    });
  };
}

/** The client side: adds the secret to the metadata of every call. */
export function serviceAuthClientInterceptor(secret: string): Interceptor {
  assertServiceSecret(secret);
  const value = serviceAuthHeaderValue(secret);
  return (options, nextCall) =>
    new InterceptingCall(nextCall(options), {
      start(metadata, listener, next) {
        metadata.set(SERVICE_AUTH_METADATA_KEY, value);
        next(metadata, listener);
      },
    });
}

/** True when a peer refused this process's service credentials. */
export function isServiceAuthRefusal(error: AppError): boolean {
  return error instanceof AuthenticationError && (error.code === SERVICE_AUTH_MISSING || error.code === SERVICE_AUTH_INVALID);
}

/**
 * What the calling code gets for a refused secret: an InternalError keeping the code. For the
 * caller's own caller this is a fault of the deployment (the services disagree on GRPC_SECRET);
 * kept as an AuthenticationError it would read as "not signed in" on `/api`.
 */
export function serviceAuthFault(error: AppError, address: string): InternalError {
  return new InternalError(`the service at ${address} refused this service’s credentials: check that every service has the same GRPC_SECRET`, {
    code: error.code,
    cause: error,
  });
}
