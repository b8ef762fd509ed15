import { collectDefaultMetrics, Registry } from 'prom-client';

export { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The Prometheus exposition content type every `/metrics` answer carries. */
export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

/**
 * Latency buckets (seconds) shared by every duration histogram of the gateway: from a cached
 * answer (a few ms) to a long generation (two minutes). One set, so dashboards can sum across.
 */
export const LATENCY_BUCKETS: readonly number[] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

/**
 * A registry for one process: Node's process metrics (event-loop lag, GC, heap, handles, CPU)
 * under their standard names, plus whatever the process's services register on it. The embedded
 * stack makes one and gives it to every service it runs, so `/metrics` there is one combined
 * page: every service's own metrics carry its prefix (`modelgate_relay_`, `modelgate_billing_`…),
 * so nothing collides.
 */
export function createMetricsRegistry(options: { processMetrics?: boolean } = {}): Registry {
  const registry = new Registry();
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry });
  return registry;
}

/** The metric of `name` on `registry` when one is registered already (two services sharing one registry). */
export function existingMetric<T>(registry: Registry, name: string): T | undefined {
  return registry.getSingleMetric(name) as T | undefined;
}
