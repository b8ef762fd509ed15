/**
 * The controller: Channel and Secret informers (all namespaces, or one pair per watched
 * namespace), event filtering, the Secret → Channels index, the keyed work queue, and the
 * periodic resync that re-enqueues every Channel (drift correction, gateway state refresh).
 * Started when this replica becomes leader, stopped when it stops leading.
 */
import type { KubeConfig, KubernetesObject, V1Secret } from '@kubernetes/client-node';
import type { Logger } from '@modelgate/runtime';
import type { BackoffPolicy } from '../kube/backoff';
import { ChannelApi } from '../kube/channel-api';
import { ResilientInformer } from '../kube/resilient-informer';
import { WorkQueue } from '../kube/work-queue';
import { secretReference } from '../mapping/channel-mapping';
import type { OperatorMetrics } from '../observability/operator-metrics';
import { CHANNEL_FINALIZER, type ChannelResource, objectKey } from '../resource/channel-resource';
import type { ChannelReconciler } from './channel-reconciler';
import { SecretIndex } from './secret-index';

export interface ChannelControllerOptions {
  kubeConfig: KubeConfig;
  api: ChannelApi;
  reconciler: ChannelReconciler;
  metrics: OperatorMetrics;
  logger: Logger;
  /** Namespaces to watch; empty: every namespace. */
  namespaces: readonly string[];
  workers: number;
  resyncPeriodMs: number;
  queueBackoff: BackoffPolicy;
  informerBackoff: BackoffPolicy;
  drainMs: number;
}

/**
 * What decides whether an update needs a reconcile: the generation (spec), deletion, labels and
 * other controllers' finalizers — not the status and not our own finalizer (our writes).
 */
function interestingState(object: KubernetesObject): string {
  const meta = object.metadata ?? {};
  const finalizers = (meta.finalizers ?? []).filter((finalizer) => finalizer !== CHANNEL_FINALIZER);
  return JSON.stringify([meta.generation, meta.deletionTimestamp ?? null, finalizers, meta.labels ?? {}]);
}

export class ChannelController {
  private readonly queue: WorkQueue;
  private readonly index = new SecretIndex();
  private readonly seen = new Map<string, string>();
  private readonly channelInformers: Array<ResilientInformer<ChannelResource>> = [];
  private readonly secretInformers: Array<ResilientInformer<V1Secret>> = [];
  private resyncTimer: NodeJS.Timeout | undefined;
  private resyncing = false;

  constructor(private readonly options: ChannelControllerOptions) {
    const { metrics, logger } = options;
    this.queue = new WorkQueue({
      concurrency: options.workers,
      handler: (key) => options.reconciler.reconcile(key),
      backoff: options.queueBackoff,
      onDepth: (depth) => metrics.queueDepth.set(depth),
      onRetry: () => metrics.queueRetries.inc(),
      onError: (key, error) => logger.debug({ err: error, key }, 'reconcile error'),
    });
    const scopes: Array<string | undefined> = options.namespaces.length > 0 ? [...options.namespaces] : [undefined];
    for (const namespace of scopes) {
      this.secretInformers.push(
        new ResilientInformer<V1Secret>({
          resource: 'secrets',
          kubeConfig: options.kubeConfig,
          path: ChannelApi.secretsPath(namespace),
          list: () => options.api.listSecrets(namespace),
          handlers: { add: (secret) => this.onSecret(secret), update: (secret) => this.onSecret(secret), delete: (secret) => this.onSecret(secret) },
          logger,
          backoff: options.informerBackoff,
          onRestart: (resource) => metrics.informerRestarts.inc({ resource }),
        }),
      );
      this.channelInformers.push(
        new ResilientInformer<ChannelResource>({
          resource: 'channels',
          kubeConfig: options.kubeConfig,
          path: ChannelApi.channelsPath(namespace),
          list: () => options.api.listChannels(namespace),
          handlers: { add: (channel) => this.onChannel(channel), update: (channel) => this.onChannel(channel), delete: (channel) => this.onChannelDeleted(channel) },
          logger,
          backoff: options.informerBackoff,
          onRestart: (resource) => metrics.informerRestarts.inc({ resource }),
        }),
      );
    }
  }

  /** Starts the Secret informers, then the Channel informers (so keys resolve at once), then resync. */
  async start(): Promise<void> {
    await Promise.all(this.secretInformers.map((informer) => informer.start()));
    await Promise.all(this.channelInformers.map((informer) => informer.start()));
    this.resyncTimer = setInterval(() => void this.resync(), this.options.resyncPeriodMs);
    this.resyncTimer.unref?.();
  }

  /** True once every informer has listed. */
  get synced(): boolean {
    return [...this.secretInformers, ...this.channelInformers].every((informer) => informer.synced);
  }

  /**
   * The periodic resync: relists every informer (a stalled watch or a missed event cannot keep a
   * cache stale for longer than one period), then enqueues every known Channel.
   */
  async resync(): Promise<void> {
    if (this.resyncing) return;
    this.resyncing = true;
    try {
      await Promise.all([...this.secretInformers, ...this.channelInformers].map((informer) => informer.relist()));
    } catch (error) {
      this.options.logger.warn({ err: error }, 'relist failed; resyncing from the caches');
    } finally {
      this.resyncing = false;
    }
    for (const informer of this.channelInformers) for (const channel of informer.list()) this.queue.add(objectKey(channel));
  }

  /** True when no key waits, runs or is scheduled. */
  idle(): boolean {
    return this.queue.idle();
  }

  getChannel(namespace: string, name: string): ChannelResource | undefined {
    for (const informer of this.channelInformers) {
      const channel = informer.get(name, namespace);
      if (channel) return channel;
    }
    return undefined;
  }

  getSecret(namespace: string, name: string): V1Secret | undefined {
    for (const informer of this.secretInformers) {
      const secret = informer.get(name, namespace);
      if (secret) return secret;
    }
    return undefined;
  }

  /** Stops the resync, drains the queue (bounded), stops the informers. */
  async stop(): Promise<void> {
    clearInterval(this.resyncTimer);
    await this.queue.shutdown(this.options.drainMs);
    await Promise.all([...this.channelInformers, ...this.secretInformers].map((informer) => informer.stop()));
  }

  private onChannel(channel: ChannelResource): void {
    const key = objectKey(channel);
    if (channel.spec?.apiKeySecretRef?.name) {
      const secret = secretReference(channel);
      this.index.set(key, `${secret.namespace}/${secret.name}`);
    }
    const state = interestingState(channel);
    if (this.seen.get(key) === state) return; // a status-only change (our own write) or a relist
    this.seen.set(key, state);
    this.queue.add(key);
  }

  private onChannelDeleted(channel: ChannelResource): void {
    const key = objectKey(channel);
    this.seen.delete(key);
    this.index.remove(key);
    this.queue.add(key);
  }

  private onSecret(secret: V1Secret): void {
    for (const key of this.index.channelsOf(objectKey(secret))) this.queue.add(key);
  }
}
