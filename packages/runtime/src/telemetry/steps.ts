import { type Attributes, SpanStatusCode, trace } from '@opentelemetry/api';
import { tracingActive } from './tracing-state';

const tracer = trace.getTracer('@modelgate/runtime/steps');

/** What a traced step may add to its span once it knows more. */
export interface StepSpan {
  setAttribute(key: string, value: string | number | boolean): void;
}

const NO_SPAN: StepSpan = { setAttribute: () => undefined };

/**
 * Runs a synchronous step of a request (channel selection, …) inside an INTERNAL span of its own
 * when this process records traces; otherwise just runs it, creating nothing.
 */
export function tracedStep<T>(name: string, attributes: Attributes, step: (span: StepSpan) => T): T {
  if (!tracingActive()) return step(NO_SPAN);
  return tracer.startActiveSpan(name, { attributes }, (span) => {
    try {
      return step(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}
