import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { NotFoundError } from '../errors';
import { type EchoHarness, startEchoServer } from './testdata/harness.test-support';

const METHOD = 'modelgate.testing.v1.EchoService/Echo';
const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const contextManager = new AsyncLocalStorageContextManager();
let harness: EchoHarness;

beforeAll(async () => {
  trace.setGlobalTracerProvider(provider);
  context.setGlobalContextManager(contextManager.enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  harness = await startEchoServer({
    async Echo(request) {
      if (request.message === 'missing') throw new NotFoundError('missing');
      if (request.message === 'boom') throw new Error('boom');
      return { message: request.message, trace_id: trace.getActiveSpan()?.spanContext().traceId ?? '' };
    },
  });
});

afterAll(async () => {
  await harness.close();
  await provider.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
});

beforeEach(() => exporter.reset());

/** Calls Echo under an active caller span and returns the response with the caller's span ids. */
async function callUnderSpan(message: string) {
  const client = harness.client();
  return trace.getTracer('test').startActiveSpan('caller', async (caller) => {
    try {
      const response = await client.call('Echo', { message }).catch((error: unknown) => error);
      return { response, caller: caller.spanContext() };
    } finally {
      caller.end();
    }
  });
}

function spanOf(kind: SpanKind): ReadableSpan {
  const span = exporter.getFinishedSpans().find((s) => s.name === METHOD && s.kind === kind);
  if (!span) throw new Error(`no ${SpanKind[kind]} span`);
  return span;
}

describe('trace propagation over gRPC', () => {
  it("runs the handler under a SERVER span in the caller's trace", async () => {
    const { response, caller } = await callUnderSpan('traced');
    expect(response).toMatchObject({ trace_id: caller.traceId });

    const client = spanOf(SpanKind.CLIENT);
    const server = spanOf(SpanKind.SERVER);
    expect(client.spanContext().traceId).toBe(caller.traceId);
    expect(client.parentSpanContext?.spanId).toBe(caller.spanId);
    expect(server.spanContext().traceId).toBe(caller.traceId);
    expect(server.parentSpanContext?.spanId).toBe(client.spanContext().spanId);
    expect(server.attributes).toMatchObject({
      'rpc.system': 'grpc',
      'rpc.service': 'modelgate.testing.v1.EchoService',
      'rpc.method': 'Echo',
      'rpc.grpc.status_code': 0,
    });
  });

  it('starts a new trace when the caller has no active span', async () => {
    const response = await harness.client().call('Echo', { message: 'untraced' });
    expect(response.trace_id).toMatch(/^[0-9a-f]{32}$/);
    const clientSpanId = spanOf(SpanKind.CLIENT).spanContext().spanId;
    expect(spanOf(SpanKind.SERVER).parentSpanContext?.spanId).toBe(clientSpanId);
  });

  it('marks a client error on the CLIENT span only, and a fault on both', async () => {
    await callUnderSpan('missing');
    expect(spanOf(SpanKind.CLIENT).status.code).toBe(SpanStatusCode.ERROR);
    expect(spanOf(SpanKind.SERVER).status.code).toBe(SpanStatusCode.UNSET);

    exporter.reset();
    await callUnderSpan('boom');
    expect(spanOf(SpanKind.CLIENT).status.code).toBe(SpanStatusCode.ERROR);
    const server = spanOf(SpanKind.SERVER);
    expect(server.status.code).toBe(SpanStatusCode.ERROR);
    expect(server.events.map((event) => event.name)).toContain('exception');
  });
});
