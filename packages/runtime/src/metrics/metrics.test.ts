import { Counter } from 'prom-client';
import { createLogger } from '../logging/logger';
import { loadConfig } from '../config/load-config';
import { boundedLabel, LabelledChildren, OTHER_LABEL } from './bounded-label';
import { addDependencyChecks } from './dependency-metrics';
import { metricsConfig } from './metrics-config';
import { startMetricsServer } from './metrics-server';
import { createMetricsRegistry } from './registry';

const logger = createLogger({ service: 'test', level: 'silent' });

describe('metrics', () => {
  it('serves GET /metrics in the Prometheus text format on its own port, and nothing else', async () => {
    const registry = createMetricsRegistry();
    const counter = new Counter({ name: 'modelgate_test_total', help: 'test', registers: [registry] });
    counter.inc(3);
    const server = await startMetricsServer({ registries: [registry], host: '127.0.0.1', port: 0, logger });
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const page = await res.text();
      expect(page).toMatch(/^modelgate_test_total 3$/m);
      expect(page).toMatch(/^# TYPE nodejs_eventloop_lag_p99_seconds gauge$/m);
      expect(page).toMatch(/^# TYPE nodejs_gc_duration_seconds histogram$/m);
      expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${server.port}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('answers 500 without crashing when a collector fails', async () => {
    const registry = createMetricsRegistry({ processMetrics: false });
    new Counter({
      name: 'modelgate_broken_total',
      help: 'broken',
      registers: [registry],
      collect() {
        throw new Error('collector broke');
      },
    });
    const server = await startMetricsServer({ registries: [registry], host: '127.0.0.1', port: 0, logger });
    try {
      expect((await fetch(`http://127.0.0.1:${server.port}/metrics`)).status).toBe(500);
    } finally {
      await server.close();
    }
  });

  it('keeps client-supplied values out of labels', () => {
    const known = new Set(['gpt-4o']);
    expect(boundedLabel('gpt-4o', (v) => known.has(v))).toBe('gpt-4o');
    expect(boundedLabel('anything-a-client-sends', (v) => known.has(v))).toBe(OTHER_LABEL);
    expect(boundedLabel('', () => true)).toBe(OTHER_LABEL);
    expect(boundedLabel(undefined, () => true)).toBe(OTHER_LABEL);
  });

  it('makes one child per label set and hands it back afterwards', () => {
    let made = 0;
    const children = new LabelledChildren((values) => ({ values, n: ++made }));
    const first = children.get(['a', 'b', 'c']);
    expect(children.get(['a', 'b', 'c'])).toBe(first);
    expect(children.get(['a', 'b', 'd'])).not.toBe(first);
    expect(children.get(['a', 'x', 'c'])).not.toBe(first);
    expect(made).toBe(3);
  });

  it('reports each dependency up or down at scrape time, a hanging check as down', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const registry = createMetricsRegistry({ processMetrics: false });
      addDependencyChecks(registry, { postgres: async () => true });
      addDependencyChecks(registry, { nats: () => false, hangs: () => new Promise<boolean>(() => undefined) });
      const page = registry.metrics();
      await jest.advanceTimersByTimeAsync(2_500);
      const text = await page;
      expect(text).toMatch(/^modelgate_dependency_up\{dependency="postgres"\} 1$/m);
      expect(text).toMatch(/^modelgate_dependency_up\{dependency="nats"\} 0$/m);
      expect(text).toMatch(/^modelgate_dependency_up\{dependency="hangs"\} 0$/m);
    } finally {
      jest.useRealTimers();
    }
  });

  it('reads METRICS_PORT as a port or off', () => {
    expect(loadConfig(metricsConfig(9463), {})).toEqual({ metricsPort: 9463, metricsHost: '127.0.0.1' });
    expect(loadConfig(metricsConfig(9463), { METRICS_PORT: 'off' }).metricsPort).toBe('off');
    expect(loadConfig(metricsConfig('off'), { METRICS_PORT: '0', METRICS_HOST: '0.0.0.0' })).toEqual({ metricsPort: 0, metricsHost: '0.0.0.0' });
    expect(() => loadConfig(metricsConfig(9463), { METRICS_PORT: 'on' })).toThrow(/METRICS_PORT/);
  });
});
