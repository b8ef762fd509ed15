import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';

/** How many relay workers a process runs behind its one port. */
export interface WorkerCountSource {
  /** `--workers=N|auto` from the command line, if given. */
  readonly argument?: string;
  /** The environment (`RELAY_WORKERS`, and `KUBERNETES_SERVICE_HOST` for `auto`). */
  readonly env: NodeJS.ProcessEnv;
  /** Cores available; `os.availableParallelism()` by default. */
  readonly cores?: number;
}

/**
 * The worker count: `--workers` wins over `RELAY_WORKERS`; neither means 1 (the process is the
 * relay, as every test harness and the chart start it). `auto` is one per core outside
 * Kubernetes, and 1 inside it, where the HorizontalPodAutoscaler adds pods instead. Throws on
 * anything else than a whole number from 1 to 256 or `auto`.
 */
export function relayWorkerCount(source: WorkerCountSource): number {
  const raw = (source.argument ?? (source.env.RELAY_WORKERS || '1')).trim();
  if (raw === 'auto') return source.env.KUBERNETES_SERVICE_HOST ? 1 : (source.cores ?? availableParallelism());
  if (!/^\d{1,3}$/.test(raw) || Number(raw) < 1 || Number(raw) > 256) {
    throw new Error(`RELAY_WORKERS / --workers must be a whole number from 1 to 256 or 'auto', got '${raw}'`);
  }
  return Number(raw);
}

/**
 * The `--workers=…` argument among `argv`, if any; the last one wins, so `npm start -- --workers=4`
 * overrides the `--workers=auto` the script passes.
 */
export function workersArgument(argv: readonly string[]): string | undefined {
  const arg = argv.findLast((a) => a.startsWith('--workers='));
  return arg?.slice('--workers='.length);
}

/**
 * Runs `count` relay workers with node:cluster, all serving the same ports (the primary accepts
 * and hands connections round-robin). Each worker is a whole relay: its own caches kept current by
 * the same change events, and its own quota leases from billing, which reserves them atomically,
 * so workers together never admit more than a balance covers (as replicas do). A worker that dies
 * is replaced after a second; SIGTERM or SIGINT is passed to every worker, which drain as a single
 * relay does, and the primary exits once they all have.
 */
export function runRelayWorkers(count: number, log: (line: string) => void = (line) => console.error(line)): void {
  let stopping = false;
  const fork = () => cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log(`relay worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`);
    setTimeout(fork, 1_000).unref();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGTERM'));
  log(`relay: starting ${count} workers`);
  for (let i = 0; i < count; i++) fork();
}
