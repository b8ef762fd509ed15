import { type handleUnaryCall, type ServerUnaryCall, status as Status } from '@grpc/grpc-js';
import { context, ROOT_CONTEXT, type Span, SpanKind, trace, type Tracer } from '@opentelemetry/api';
import type { Logger } from 'pino';
import { REQUEST_ID_HEADER, requestIdFrom, runWithRequestContext } from '../context/request-context';
import { InternalError } from '../errors';
import { extractTraceContext } from '../telemetry/propagation';
import { endRpcSpan, metadataCarrier, rpcAttributes, type RpcMethod } from './rpc-telemetry';
import { type ServerErrorMapping, toGrpcStatus } from './status-mapping';
import type { GrpcServerMetrics } from './server-metrics';
import type { GrpcCallContext, UnaryHandler } from './types';

/** What the wrapper needs besides the handler. */
export interface UnaryWrapperDeps {
  logger: Logger;
  tracer: Tracer;
  /** Counts calls and their durations; none when the process serves no metrics. */
  metrics?: GrpcServerMetrics;
}

/**
 * Adapts an async handler to grpc-js's callback API and gives every call the same envelope:
 *
 * - request context: the caller's `x-request-id` (or a new id) is the current request id;
 * - tracing: a SERVER span named `<package.Service>/<Method>`, child of the caller's W3C trace
 *   context, is the active span while the handler runs;
 * - errors: mapped in one place ({@link toGrpcStatus}); unexpected ones are logged with the request
 *   id and reach the client only as a generic INTERNAL. Nothing a handler does, synchronous throw
 *   included, can crash the process or leave the call without an answer.
 */
export function wrapUnaryHandler<Req, Res>(
  method: RpcMethod,
  handler: UnaryHandler<Req, Res>,
  deps: UnaryWrapperDeps,
): handleUnaryCall<Req, Res> {
  const { logger, tracer, metrics } = deps;
  return (call, callback) => {
    const startedAt = performance.now();
    const requestId = requestIdFrom(call.metadata.get(REQUEST_ID_HEADER));
    // ROOT, not the active context: whatever grpc-js's socket happened to be opened under must not
    // become this request's parent.
    const parent = extractTraceContext(metadataCarrier(call.metadata), ROOT_CONTEXT);
    const spanOptions = { kind: SpanKind.SERVER, attributes: rpcAttributes(method) };
    const span = tracer.startSpan(method.name, spanOptions, parent);
    const { signal, release } = cancellationSignal(call);
    const callContext: GrpcCallContext = {
      method: method.name,
      requestId,
      metadata: call.metadata,
      peer: call.getPeer(),
      deadline: deadlineOf(call),
      signal,
    };

    const fields = { method: method.name, request_id: requestId };
    const finish = (code: number, message?: string) => {
      release();
      endRpcSpan(span, 'server', code, message);
      const elapsed = performance.now() - startedAt;
      metrics?.observe(method, code, elapsed / 1000);
      const durationMs = Math.round(elapsed);
      logger.debug({ ...fields, grpc_code: code, duration_ms: durationMs }, 'gRPC call handled');
    };
    const succeed = (response: Res) => {
      finish(Status.OK);
      callback(null, response);
    };
    const fail = (error: unknown) => {
      const mapping = toGrpcStatus(error);
      logFailure(logger, span, error, mapping, { ...fields, cancelled: signal.aborted });
      finish(mapping.status.code, mapping.status.details);
      callback(mapping.status);
    };

    runWithRequestContext({ requestId }, () =>
      context.with(trace.setSpan(parent, span), () => {
        invoke(handler, call.request, callContext)
          .then(succeed, fail)
          // Last line of defence: a fault in the lines above must not become an unhandled rejection.
          .catch((fault: unknown) => logger.error({ ...fields, err: fault }, 'gRPC call wrapper failed'));
      }),
    );
  };
}

/**
 * Logs a failed call by what it means: an unexpected error in full (a bug to fix), a deliberate
 * INTERNAL as an error, a handler stopped by cancellation at debug level (no one is waiting for
 * the status), and ordinary AppErrors (not found, invalid input…) not at all; they are answers.
 */
function logFailure(
  logger: Logger,
  span: Span,
  error: unknown,
  mapping: ServerErrorMapping,
  context: { method: string; request_id: string; cancelled: boolean },
): void {
  const { cancelled, ...fields } = context;
  const withError = { ...fields, err: error };
  if (cancelled) {
    logger.debug(withError, 'gRPC handler stopped after the call was cancelled');
  } else if (mapping.unexpected) {
    span.recordException(error instanceof Error ? error : String(error));
    logger.error(withError, 'gRPC handler failed unexpectedly');
  } else if (mapping.status.code === Status.INTERNAL || mapping.status.code === Status.UNKNOWN) {
    logger.error(withError, 'gRPC handler failed');
  }
  if (mapping.droppedDetails) {
    logger.warn({ ...fields, reason: mapping.droppedDetails }, 'gRPC error details not sent');
  }
}

/** Runs the handler so that a synchronous throw or a missing response also ends up as a rejection. */
async function invoke<Req, Res>(
  handler: UnaryHandler<Req, Res>,
  request: Req,
  call: GrpcCallContext,
): Promise<Res> {
  const response = await handler(request, call);
  if (response === undefined || response === null) {
    const cause = new Error(`handler for ${call.method} returned no response`);
    throw new InternalError(undefined, { cause });
  }
  return response;
}

/** An AbortSignal that fires when grpc-js reports the call cancelled (client gone or deadline passed). */
function cancellationSignal(call: ServerUnaryCall<unknown, unknown>): {
  signal: AbortSignal;
  release: () => void;
} {
  const controller = new AbortController();
  const onCancelled = () => controller.abort(new Error('the caller cancelled or its deadline passed'));
  if (call.cancelled) onCancelled();
  else call.once('cancelled', onCancelled);
  return { signal: controller.signal, release: () => call.off('cancelled', onCancelled) };
}

function deadlineOf(call: ServerUnaryCall<unknown, unknown>): Date | undefined {
  const deadline = call.getDeadline();
  const ms = deadline instanceof Date ? deadline.getTime() : deadline;
  return Number.isFinite(ms) ? new Date(ms) : undefined;
}
