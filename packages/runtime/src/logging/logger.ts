import { trace } from '@opentelemetry/api';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { currentRequestId } from '../context/request-context';

export type { Logger } from 'pino';

export interface CreateLoggerOptions {
  /** Service name written on every line. */
  service: string;
  level?: LoggerOptions['level'];
  /** Where lines go; stdout when omitted. Tests pass a stream to read them. */
  destination?: DestinationStream;
}

/**
 * Structured JSON logger. Every line carries the service name and, inside a request, the request
 * id and the active trace id, so log lines join up with traces.
 */
export function createLogger(options: CreateLoggerOptions): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: { service: options.service },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: pino.stdSerializers.errWithCause, error: pino.stdSerializers.errWithCause },
      redact: {
        paths: ['password', '*.password', 'key', '*.key', 'authorization', '*.authorization'],
        censor: '[redacted]',
      },
      mixin() {
        const fields: Record<string, string> = {};
        const requestId = currentRequestId();
        if (requestId) fields.request_id = requestId;
        const spanContext = trace.getActiveSpan()?.spanContext();
        if (spanContext) fields.trace_id = spanContext.traceId;
        return fields;
      },
    },
    options.destination,
  );
}
