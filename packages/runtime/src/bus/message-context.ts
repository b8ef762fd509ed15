import {
  type Attributes,
  context,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import {
  currentRequestId,
  REQUEST_ID_HEADER,
  requestIdFrom,
  runWithRequestContext,
} from '../context/request-context';
import { extractTraceContext, injectTraceContext } from '../telemetry/propagation';

/** The header that carries a command's de-duplication id (JetStream's own header name). */
export const MESSAGE_ID_HEADER = 'Nats-Msg-Id';

/**
 * The header carrying when a message was sent (milliseconds since the epoch), so a consumer can
 * measure how long it waited (billing's settlement lag).
 */
export const SENT_AT_HEADER = 'modelgate-sent-at';

/** Which transport a span describes (`messaging.system`). */
export type MessagingSystem = 'nats' | 'in-process';

const tracer = trace.getTracer('@modelgate/runtime/bus');

/**
 * Runs `send` inside a PRODUCER span, passing it the headers every message carries: the current
 * request id and the W3C trace context of that span. Both implementations send through here, so
 * header propagation is identical.
 */
export function sendWithContext<T>(
  system: MessagingSystem,
  subject: string,
  operation: 'publish' | 'enqueue',
  send: (headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  const attributes: Attributes = {
    'messaging.system': system,
    'messaging.destination.name': subject,
    'messaging.operation.type': 'send',
    'messaging.operation.name': operation,
  };
  const options = { kind: SpanKind.PRODUCER, attributes };
  return tracer.startActiveSpan(`${operation} ${subject}`, options, async (span) => {
    const headers: Record<string, string> = {};
    const requestId = currentRequestId();
    if (requestId) headers[REQUEST_ID_HEADER] = requestId;
    injectTraceContext(headers);
    headers[SENT_AT_HEADER] = String(Date.now());
    try {
      return await send(headers);
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** What a handler invocation is about, for its CONSUMER span. */
export interface ReceiveInfo {
  system: MessagingSystem;
  subject: string;
  headers: Readonly<Record<string, string>>;
  messageId?: string | undefined;
  /** Durable or queue name. */
  group?: string | undefined;
}

/**
 * Runs `fn` in the sender's context: the request id from `x-request-id` (a new one when absent or
 * malformed) and a CONSUMER span whose parent is the sender's `traceparent`.
 */
export function receiveWithContext<T>(info: ReceiveInfo, fn: () => Promise<T>): Promise<T> {
  const parent = extractTraceContext({ ...info.headers }, ROOT_CONTEXT);
  const attributes: Attributes = {
    'messaging.system': info.system,
    'messaging.destination.name': info.subject,
    'messaging.operation.type': 'process',
  };
  if (info.messageId) attributes['messaging.message.id'] = info.messageId;
  if (info.group) attributes['messaging.consumer.group.name'] = info.group;
  const span = tracer.startSpan(`process ${info.subject}`, { kind: SpanKind.CONSUMER, attributes }, parent);
  const requestId = requestIdFrom(info.headers[REQUEST_ID_HEADER]);
  return runWithRequestContext({ requestId }, () =>
    context.with(trace.setSpan(parent, span), async () => {
      try {
        return await fn();
      } catch (error) {
        failSpan(span, error);
        throw error;
      } finally {
        span.end();
      }
    }),
  );
}

function failSpan(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  const message = error instanceof Error ? error.message : String(error);
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}
