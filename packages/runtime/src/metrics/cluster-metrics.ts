import cluster from 'node:cluster';
import { AggregatorRegistry, Registry } from 'prom-client';

/** One registry's metrics as prom-client hands them between processes. */
type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

/**
 * Metrics of a process that runs cluster workers: each worker keeps its own registry and hands
 * its metrics (as prom-client's JSON) to the primary when asked over its IPC channel; the primary
 * merges them with its own registry's by prom-client's aggregation (counters and histograms
 * summed, gauges by the aggregator each declares), so one `/metrics` page describes the whole
 * process tree. A worker that does not answer in time is left out of that page.
 */
const REQUEST = 'modelgate.metrics.request';
const RESPONSE = 'modelgate.metrics.response';

interface MetricsRequest {
  type: typeof REQUEST;
  id: number;
}
interface MetricsResponse {
  type: typeof RESPONSE;
  id: number;
  metrics?: MetricsJson;
  error?: string;
}

/** In a worker: answers the primary's requests with `registry`'s metrics. Returns the function that stops. */
export function serveMetricsToPrimary(registry: Registry, child: NodeJS.Process = process): () => void {
  const listener = (message: unknown) => {
    const request = message as Partial<MetricsRequest> | null;
    if (request?.type !== REQUEST || typeof request.id !== 'number') return;
    const id = request.id;
    const reply = (response: MetricsResponse) => {
      if (child.connected && child.send) child.send(response, undefined, {}, () => undefined);
    };
    registry.getMetricsAsJSON().then(
      (metrics) => reply({ type: RESPONSE, id, metrics }),
      (error: unknown) => reply({ type: RESPONSE, id, error: error instanceof Error ? error.message : String(error) }),
    );
  };
  child.on('message', listener);
  return () => void child.off('message', listener);
}

/**
 * In the primary: a registry whose page is its own metrics merged with every connected worker's.
 * Serve it as any registry (`startMetricsServer`); register the primary's metrics on `own`.
 */
export function createClusterRegistry(own: Registry, options: { timeoutMs?: number } = {}): Registry {
  return new ClusterRegistry(own, options.timeoutMs ?? 3_000);
}

class ClusterRegistry extends Registry {
  private nextId = 1;

  constructor(
    private readonly own: Registry,
    private readonly timeoutMs: number,
  ) {
    super();
  }

  override async metrics(): Promise<string> {
    const pages = await Promise.all([this.own.getMetricsAsJSON(), ...this.askWorkers()]);
    return AggregatorRegistry.aggregate(pages.filter((page): page is MetricsJson => page !== undefined)).metrics();
  }

  private askWorkers(): Promise<MetricsJson | undefined>[] {
    return Object.values(cluster.workers ?? {}).flatMap((worker) => {
      if (!worker?.isConnected()) return [];
      const id = this.nextId++;
      return [
        new Promise<MetricsJson | undefined>((resolve) => {
          const done = (metrics: MetricsJson | undefined) => {
            clearTimeout(timer);
            worker.off('message', listener);
            resolve(metrics);
          };
          const listener = (message: Partial<MetricsResponse> | null) => {
            if (message?.type === RESPONSE && message.id === id) done(message.metrics);
          };
          const timer = setTimeout(() => done(undefined), this.timeoutMs);
          worker.on('message', listener);
          worker.send({ type: REQUEST, id } satisfies MetricsRequest, undefined, () => undefined);
        }),
      ];
    });
  }
}
