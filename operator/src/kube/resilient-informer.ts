/**
 * client-node's informer (list + watch + cache) made to survive: client-node 1.4.0 stops an
 * informer for good on any error but 410 (a dropped stream, a 5xx, a refused connection), so this
 * wrapper starts it again with jittered exponential backoff. It resumes from its last
 * resourceVersion (a compacted one gets 410 and a relist, which client-node handles).
 *
 * `relist()` replaces the informer with a freshly listed one (the periodic resync calls it): a
 * watch that stalled without an error (client-node 1.4.0 has no inactivity timeout) or missed an
 * event cannot keep the cache stale for longer than one resync period. The old informer serves
 * until the new one has listed; then every object of the new cache is replayed as an update (the
 * controller's filter drops the unchanged ones) and objects that vanished as deletions.
 */
import { type Informer, type KubeConfig, type KubernetesListObject, type KubernetesObject, makeInformer, type ObjectCache } from '@kubernetes/client-node';
import type { Logger } from '@modelgate/runtime';
import { type BackoffPolicy, backoffDelayMs } from './backoff';

export interface InformerHandlers<T extends KubernetesObject> {
  add(object: T): void;
  update(object: T): void;
  delete(object: T): void;
}

export interface ResilientInformerOptions<T extends KubernetesObject> {
  /** For logs and metrics, e.g. `channels` or `secrets`. */
  resource: string;
  kubeConfig: KubeConfig;
  /** Watch path, e.g. `/apis/modelgate.dev/v1alpha1/namespaces/a/channels`. */
  path: string;
  list: () => Promise<KubernetesListObject<T>>;
  handlers: InformerHandlers<T>;
  logger: Logger;
  backoff: BackoffPolicy;
  /** Called on every restart after an error. */
  onRestart?: (resource: string) => void;
}

/** One client-node informer and its restart state. */
interface Inner<T extends KubernetesObject> {
  informer: Informer<T> & ObjectCache<T>;
  failures: number;
  restartTimer: NodeJS.Timeout | undefined;
  erroredDuringStart: boolean;
  retired: boolean;
}

const keyOf = (object: KubernetesObject) => `${object.metadata?.namespace ?? ''}/${object.metadata?.name ?? ''}`;

export class ResilientInformer<T extends KubernetesObject> {
  private current: Inner<T> | undefined;
  private stopped = true;
  private syncedOnce = false;

  constructor(private readonly options: ResilientInformerOptions<T>) {}

  /** Lists and starts watching; resolves after the first attempt (later ones run in the background). */
  async start(): Promise<void> {
    this.stopped = false;
    this.current = this.create();
    if (await this.run(this.current)) this.syncedOnce = true;
  }

  /** True once a list succeeded (the cache holds the objects). */
  get synced(): boolean {
    return this.syncedOnce;
  }

  get(name: string, namespace?: string): T | undefined {
    return this.current?.informer.get(name, namespace);
  }

  list(namespace?: string): readonly T[] {
    return this.current?.informer.list(namespace) ?? [];
  }

  /** Replaces the informer with a freshly listed one; keeps the current one if the list fails. */
  async relist(): Promise<void> {
    if (this.stopped || !this.current) return;
    const fresh = this.create();
    if (!(await this.run(fresh)) || this.stopped) {
      await this.retire(fresh);
      return;
    }
    const old = this.current;
    this.current = fresh;
    this.syncedOnce = true;
    const present = new Set<string>();
    for (const object of fresh.informer.list()) {
      present.add(keyOf(object));
      this.options.handlers.update(object);
    }
    for (const object of old.informer.list()) if (!present.has(keyOf(object))) this.options.handlers.delete(object);
    await this.retire(old);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.current) await this.retire(this.current);
  }

  private create(): Inner<T> {
    const informer = makeInformer<T>(this.options.kubeConfig, this.options.path, this.options.list);
    const inner: Inner<T> = { informer, failures: 0, restartTimer: undefined, erroredDuringStart: false, retired: false };
    const { handlers } = this.options;
    const live = () => !inner.retired && this.current === inner;
    informer.on('add', (object) => live() && handlers.add(object));
    informer.on('update', (object) => live() && handlers.update(object));
    informer.on('delete', (object) => live() && handlers.delete(object));
    informer.on('error', (error) => this.onError(inner, error));
    return inner;
  }

  /** Starts (or restarts) `inner`; true when it listed and watches without an error so far. */
  private async run(inner: Inner<T>): Promise<boolean> {
    inner.erroredDuringStart = false;
    await inner.informer.start();
    const ok = !inner.erroredDuringStart && !inner.retired;
    if (ok) inner.failures = 0;
    return ok;
  }

  private async retire(inner: Inner<T>): Promise<void> {
    inner.retired = true;
    clearTimeout(inner.restartTimer);
    inner.restartTimer = undefined;
    await inner.informer.stop();
  }

  private onError(inner: Inner<T>, error: unknown): void {
    inner.erroredDuringStart = true;
    if (this.stopped || inner.retired || this.current !== inner || inner.restartTimer) return;
    inner.failures += 1;
    const delay = backoffDelayMs(inner.failures, this.options.backoff);
    this.options.logger.warn({ err: error, resource: this.options.resource, path: this.options.path, retry_in_ms: delay }, 'informer stopped; restarting');
    inner.restartTimer = setTimeout(() => {
      inner.restartTimer = undefined;
      if (this.stopped || inner.retired) return;
      this.options.onRestart?.(this.options.resource);
      void this.run(inner).then((ok) => {
        if (ok) this.syncedOnce = true;
      });
    }, delay);
  }
}
