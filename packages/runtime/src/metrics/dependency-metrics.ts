import { Gauge, type Registry } from 'prom-client';

/** A check of one dependency at scrape time: true when it answers. */
export type DependencyCheck = () => boolean | Promise<boolean>;

/** How long a scrape waits for one check before reporting the dependency down. */
const CHECK_TIMEOUT_MS = 2_000;

/**
 * `modelgate_dependency_up{dependency}`: 1 when PostgreSQL, NATS… answered at the last scrape, 0
 * when not (the "database or NATS unreachable" alerts). Checked when Prometheus scrapes, so it
 * costs nothing between scrapes. Checks added later (another service of the same process) join
 * the same gauge.
 */
const checksByRegistry = new WeakMap<Registry, Map<string, DependencyCheck>>();

export function addDependencyChecks(registry: Registry, checks: Readonly<Record<string, DependencyCheck>>): void {
  let all = checksByRegistry.get(registry);
  if (!all) {
    const known = new Map<string, DependencyCheck>();
    all = known;
    checksByRegistry.set(registry, known);
    new Gauge({
      name: 'modelgate_dependency_up',
      help: 'Whether a dependency (postgres, nats) answered at this scrape: 1 up, 0 down',
      labelNames: ['dependency'],
      registers: [registry],
      // Pages of several processes merged: down when any of them saw it down.
      aggregator: 'min',
      async collect() {
        await Promise.all([...known].map(async ([name, check]) => this.labels(name).set((await withTimeout(check)) ? 1 : 0)));
      },
    });
  }
  for (const [name, check] of Object.entries(checks)) all.set(name, check);
}

async function withTimeout(check: DependencyCheck): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      Promise.resolve().then(check),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
