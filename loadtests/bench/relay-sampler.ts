// What the scale scenario samples of the relay besides its RSS, while many streams are open.
import { fetchMetricsPage, metricSample } from './metrics-page';
import { countOpenFiles, readConnectionsTo } from './proc-stats';

/** `nodejs_heap_size_used_bytes` of a Prometheus page, in MB. */
export function heapUsedMb(metrics: string): number | null {
  const bytes = metricSample(metrics, 'nodejs_heap_size_used_bytes');
  return bytes === null ? null : bytes / 1_048_576;
}

/**
 * The relay's open files, upstream connections and V8 heap in use (from its metrics page, when
 * it has one), sampled each second while streams are open; peaks kept.
 */
export class SocketSampler {
  private timer: NodeJS.Timeout | undefined;
  files = 0;
  upstream = 0;
  heapMb: number | null = null;

  constructor(
    private readonly pid: number,
    private readonly upstreamPort: number,
    private readonly metricsUrl: string | undefined,
  ) {}

  /** The relay's heap in use now (null without a metrics page or an answer). */
  async heapNow(): Promise<number | null> {
    if (this.metricsUrl === undefined) return null;
    try {
      return heapUsedMb(await fetchMetricsPage(this.metricsUrl, 2_000));
    } catch {
      return null;
    }
  }

  start(): void {
    this.timer = setInterval(() => {
      this.files = Math.max(this.files, countOpenFiles(this.pid) ?? 0);
      this.upstream = Math.max(this.upstream, readConnectionsTo(this.upstreamPort) ?? 0);
      void this.heapNow().then((heap) => {
        if (heap !== null && heap > (this.heapMb ?? 0)) this.heapMb = heap;
      });
    }, 1_000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
