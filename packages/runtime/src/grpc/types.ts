import type { Metadata } from '@grpc/grpc-js';
import type { MethodDefinition } from '@grpc/proto-loader';

// Service definitions are the typed ones `proto-loader-gen-types` emits (e.g.
// `IdentityServiceDefinition`): grpc-js `ServiceDefinition`s whose entries are proto-loader
// `MethodDefinition`s carrying the permissive (input) and restricted (output) message types.

/**
 * The method names of a service definition. Strips the string index signature that grpc-js's
 * `ServiceDefinition` adds, so a misspelt method name is a compile error.
 */
export type MethodName<D> = keyof {
  [K in keyof D as string extends K ? never : number extends K ? never : K]: D[K];
} &
  string;

// The `any`s below are inference positions only: the resulting types never contain them.
/* eslint-disable @typescript-eslint/no-explicit-any */
/** What a client sends: the permissive request type (optional fields, longs as number | string | Long). */
export type ClientRequest<M> = M extends MethodDefinition<infer Req, any, any, any> ? Req : never;
/** What a client receives: the restricted response type (defaults filled in, longs as strings). */
export type ClientResponse<M> = M extends MethodDefinition<any, any, any, infer Res> ? Res : never;
/** What a server handler receives: the restricted request type. */
export type ServerRequest<M> = M extends MethodDefinition<any, any, infer Req, any> ? Req : never;
/** What a server handler returns: the permissive response type. */
export type ServerResponse<M> = M extends MethodDefinition<any, infer Res, any, any> ? Res : never;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Everything a unary handler may want to know about the call besides its request. */
export interface GrpcCallContext {
  /** Full method name, `<package.Service>/<Method>`. */
  readonly method: string;
  /** The caller's `x-request-id`, or a new id when it sent none; also the current request context. */
  readonly requestId: string;
  /** Incoming request metadata. */
  readonly metadata: Metadata;
  /** The peer address as grpc-js reports it. */
  readonly peer: string;
  /** When the caller stops waiting; undefined for a call without a deadline. */
  readonly deadline: Date | undefined;
  /** Aborted when the caller cancels or the deadline passes: pass it on to stop useless work. */
  readonly signal: AbortSignal;
}

/** One unary method implemented as an async function; a thrown error becomes the gRPC status. */
export type UnaryHandler<Req, Res> = (request: Req, call: GrpcCallContext) => Promise<Res>;

/** A service implementation with one async handler per method of `D`. */
export type UnaryServiceImplementation<D> = {
  [K in MethodName<D>]: UnaryHandler<ServerRequest<D[K]>, ServerResponse<D[K]>>;
};
