import type { Metadata } from '@grpc/grpc-js';
import { status as Status } from '@grpc/grpc-js';
import { type Attributes, type Span, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';

// Span naming and attributes for gRPC calls, shared by the server wrapper and the client
// interceptor (OpenTelemetry RPC semantic conventions).

/** Instrumentation scope of every gRPC span Modelgate creates. */
const TRACER_NAME = '@modelgate/runtime/grpc';

/** The tracer for gRPC spans; resolves through the global provider, so register that first. */
export function grpcTracer(): Tracer {
  return trace.getTracer(TRACER_NAME);
}

/** A method path split into what spans and logs need. */
export interface RpcMethod {
  /** `<package.Service>/<Method>`: the span name and the `method` log field. */
  readonly name: string;
  /** `<package.Service>`. */
  readonly service: string;
  /** `<Method>`. */
  readonly method: string;
}

/** Parses a grpc-js method path, `/<package.Service>/<Method>`. */
export function parseMethodPath(path: string): RpcMethod {
  const name = path.startsWith('/') ? path.slice(1) : path;
  const slash = name.lastIndexOf('/');
  return slash === -1
    ? { name, service: '', method: name }
    : { name, service: name.slice(0, slash), method: name.slice(slash + 1) };
}

/** The attributes every gRPC span starts with. */
export function rpcAttributes(method: RpcMethod): Attributes {
  return { 'rpc.system': 'grpc', 'rpc.service': method.service, 'rpc.method': method.method };
}

/** Status codes that mark a SERVER span as failed: faults of the server, not of the request. */
const SERVER_FAULTS: ReadonlySet<number> = new Set([
  Status.UNKNOWN,
  Status.DEADLINE_EXCEEDED,
  Status.UNIMPLEMENTED,
  Status.INTERNAL,
  Status.UNAVAILABLE,
  Status.DATA_LOSS,
]);

/**
 * Records the final status on `span` and ends it. Per the conventions, a CLIENT span fails on any
 * non-OK status and a SERVER span only on server faults.
 */
export function endRpcSpan(span: Span, side: 'client' | 'server', code: number, message?: string): void {
  span.setAttribute('rpc.grpc.status_code', code);
  const failed = side === 'client' ? code !== Status.OK : SERVER_FAULTS.has(code);
  if (failed) span.setStatus({ code: SpanStatusCode.ERROR, ...(message ? { message } : {}) });
  span.end();
}

/** The text values of `metadata` as a carrier for W3C trace-context extraction. */
export function metadataCarrier(metadata: Metadata): Record<string, string> {
  const carrier: Record<string, string> = {};
  for (const [key, value] of Object.entries(metadata.getMap())) {
    if (typeof value === 'string') carrier[key] = value;
  }
  return carrier;
}
