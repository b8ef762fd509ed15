import { InterceptingCall, type Interceptor } from '@grpc/grpc-js';
import { context, SpanKind, trace, type Tracer } from '@opentelemetry/api';
import { currentRequestId, newRequestId, REQUEST_ID_HEADER } from '../context/request-context';
import { injectTraceContext } from '../telemetry/propagation';
import { endRpcSpan, parseMethodPath, rpcAttributes } from './rpc-telemetry';

/**
 * A grpc-js client interceptor that carries the caller's context to the server: it starts a
 * CLIENT span (child of the active span) for the call, and writes into the outgoing metadata the
 * current request id as `x-request-id` (a new id outside a request; an id already present is
 * kept) and the W3C `traceparent`/`tracestate` of that span. The span ends with the call's status.
 *
 * grpc-js invokes interceptors synchronously inside the call, so `context.active()` and the
 * current request id here are the caller's.
 */
export function contextPropagationInterceptor(tracer: Tracer, serverAddress: string): Interceptor {
  return (options, nextCall) => {
    const method = parseMethodPath(options.method_definition.path);
    const parent = context.active();
    const span = tracer.startSpan(
      method.name,
      { kind: SpanKind.CLIENT, attributes: { ...rpcAttributes(method), 'server.address': serverAddress } },
      parent,
    );
    const spanContext = trace.setSpan(parent, span);
    const requestId = currentRequestId() ?? newRequestId();
    let ended = false;

    return new InterceptingCall(nextCall(options), {
      start(metadata, _listener, next) {
        if (metadata.get(REQUEST_ID_HEADER).length === 0) metadata.set(REQUEST_ID_HEADER, requestId);
        for (const [key, value] of Object.entries(injectTraceContext({}, spanContext))) {
          metadata.set(key, value);
        }
        next(metadata, {
          onReceiveStatus(status, nextStatus) {
            if (!ended) {
              ended = true;
              endRpcSpan(span, 'client', status.code, status.details);
            }
            nextStatus(status);
          },
        });
      },
    });
  };
}
