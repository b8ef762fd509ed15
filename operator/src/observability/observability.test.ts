/**
 * Health, readiness, Prometheus metrics and one trace span per reconcile, through a real operator.
 */
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { createChannel, createKeySecret, useOperatorStack, waitForCondition } from '@modelgate/testkit/operator';
import { waitFor } from '@modelgate/testkit/kube';

jest.setTimeout(60_000);

const stack = useOperatorStack();

describe('operator observability', () => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });

  afterAll(() => provider.shutdown());

  test('/healthz, /readyz and /metrics; a span per reconcile with the key and the result', async () => {
    const operator = await stack.startOperator({ http: { host: '127.0.0.1', port: 0 } }, { tracer: provider.getTracer('test') });
    const url = `http://127.0.0.1:${operator.healthPort}`;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    await waitFor(async () => (await fetch(`${url}/readyz`)).status === 200, 5000, 'ready');

    await createKeySecret(stack, 'observed', 'traced-key', 'sk-traced');
    await createChannel(stack, 'observed', 'traced');
    await waitForCondition(stack, 'observed', 'traced', 'Ready', 'True');
    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics).toMatch(/modelgate_operator_reconcile_total\{result="synced"\} [1-9]/);
    expect(metrics).toContain('modelgate_operator_reconcile_duration_seconds_bucket');
    expect(metrics).toMatch(/modelgate_operator_leader 1/);
    expect(metrics).toMatch(/modelgate_operator_workqueue_depth 0/);
    expect(metrics).toMatch(/modelgate_operator_channel_writes_total\{operation="create"\} 1/);

    const spans = exporter.getFinishedSpans().filter((span) => span.attributes['k8s.channel.key'] === 'observed/traced');
    expect(spans.length).toBeGreaterThanOrEqual(1);
    expect(spans.at(-1)!.name).toBe('reconcile Channel');
    expect(spans.some((span) => span.attributes['modelgate.reconcile.result'] === 'synced' && typeof span.attributes['modelgate.channel.id'] === 'number')).toBe(true);

    await stack.databaseProxy().stop();
    await waitFor(async () => (await fetch(`${url}/readyz`)).status === 503, 10_000, 'not ready without the database');
    await stack.databaseProxy().start();
  });
});
