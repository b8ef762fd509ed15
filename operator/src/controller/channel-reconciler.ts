/**
 * Reconciles one Channel key (level-triggered, idempotent): reads the latest object from the
 * informer cache, applies the deletion policy behind the finalizer, or validates, resolves the
 * key, writes the row through the channel-writing module (a no-op when nothing differs) and
 * writes the status only when it changed.
 */
import type { V1Secret } from '@kubernetes/client-node';
import { kubernetesRef } from '@modelgate/channels';
import { type Logger, ValidationError } from '@modelgate/runtime';
import { type Span, SpanStatusCode, type Tracer } from '@opentelemetry/api';
import type { OperatorChannelWriter } from '../database/operator-channel-writer';
import { type ChannelApi, apiStatusCode } from '../kube/channel-api';
import type { EventRecorder } from '../kube/event-recorder';
import type { Leadership } from '../kube/leader-election';
import type { QueueResult } from '../kube/work-queue';
import { acceptSpec, ChannelSpecError, deletionPolicyOf, mapChannel, secretReference } from '../mapping/channel-mapping';
import { resolveApiKey } from '../mapping/secret-key';
import type { OperatorMetrics, ReconcileResult } from '../observability/operator-metrics';
import { CHANNEL_FINALIZER, type ChannelResource, type ChannelStatus, splitKey } from '../resource/channel-resource';
import { findCondition } from '../status/conditions';
import { desiredStatus, type ReconcileOutcome, sameStatus } from '../status/channel-status';

export interface ChannelReconcilerDeps {
  getChannel(namespace: string, name: string): ChannelResource | undefined;
  getSecret(namespace: string, name: string): V1Secret | undefined;
  api: ChannelApi;
  writer: OperatorChannelWriter;
  leadership: Leadership;
  metrics: OperatorMetrics;
  tracer: Tracer;
  logger: Logger;
  /** Kubernetes Events on the Channels (optional). */
  events?: EventRecorder;
  /** Safety-net retry of a Channel whose Secret is missing (the Secret informer also enqueues it). */
  missingSecretRetryMs: number;
  now?: () => Date;
}

interface Step {
  result: ReconcileResult;
  queue: QueueResult;
}

export class ChannelReconciler {
  /**
   * The last status written per key, with the resourceVersions the object had before that write:
   * while the cache still shows one of those, it has not caught up with the write, and the
   * written status (not the cached one) is the current status.
   */
  private readonly written = new Map<string, { status: ChannelStatus; before: Set<string> }>();

  constructor(private readonly deps: ChannelReconcilerDeps) {}

  async reconcile(key: string): Promise<QueueResult> {
    const started = process.hrtime.bigint();
    return this.deps.tracer.startActiveSpan('reconcile Channel', async (span) => {
      span.setAttribute('k8s.channel.key', key);
      let step: Step = { result: 'error', queue: { kind: 'retry' } };
      try {
        step = await this.run(key, span);
        return step.queue;
      } catch (error) {
        this.deps.metrics.reconcileErrors.inc({ reason: errorReason(error) });
        this.deps.logger.warn({ err: error, key }, 'reconcile failed; retrying with backoff');
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: String((error as Error)?.message ?? error) });
        throw error;
      } finally {
        span.setAttribute('modelgate.reconcile.result', step.result);
        span.end();
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        this.deps.metrics.reconciles.inc({ result: step.result });
        this.deps.metrics.reconcileDuration.observe({ result: step.result }, seconds);
      }
    });
  }

  /** Forgets per-key memory of an object that no longer exists. */
  forget(key: string): void {
    this.written.delete(key);
  }

  private async run(key: string, span: Span): Promise<Step> {
    const { namespace, name } = splitKey(key);
    let resource = this.deps.getChannel(namespace, name);
    if (!resource) {
      this.forget(key);
      return { result: 'gone', queue: { kind: 'done' } };
    }
    resource = this.withCurrentStatus(key, resource);
    /** resourceVersions of this object before our status write (the cached one, our finalizer patch's). */
    const versions = [resource.metadata?.resourceVersion];
    if (!this.deps.leadership.isLeader()) return { result: 'not-leader', queue: { kind: 'done' } };
    const generation = resource.metadata?.generation ?? 0;
    span.setAttribute('k8s.channel.generation', generation);
    let ref: string;
    try {
      ref = kubernetesRef(namespace, name);
    } catch (error) {
      // A reference longer than the column (namespace + name > 250 characters): never writable.
      const outcome: ReconcileOutcome = { kind: 'invalid', reason: 'InvalidName', message: (error as Error).message };
      if (!resource.metadata?.deletionTimestamp) await this.writeStatus(key, resource, desiredStatus(resource.status, outcome, generation, this.now()), versions);
      return { result: 'invalid', queue: { kind: 'done' } };
    }

    if (resource.metadata?.deletionTimestamp) {
      if (!resource.metadata.finalizers?.includes(CHANNEL_FINALIZER)) return { result: 'deleted', queue: { kind: 'done' } };
      await this.applyDeletionPolicy(resource, ref);
      await this.deps.api.removeFinalizer(resource);
      this.forget(key);
      return { result: 'deleted', queue: { kind: 'done' } };
    }
    if (!resource.metadata?.finalizers?.includes(CHANNEL_FINALIZER)) {
      const patched = await this.deps.api.addFinalizer(resource);
      versions.push(patched.metadata?.resourceVersion);
      resource = { ...patched, status: resource.status } as ChannelResource;
    }

    const outcome = await this.sync(resource, ref, generation);
    if (outcome.kind === 'synced') span.setAttribute('modelgate.channel.id', outcome.row.id);
    await this.writeStatus(key, resource, desiredStatus(resource.status, outcome, generation, this.now()), versions);
    switch (outcome.kind) {
      case 'synced':
        return { result: 'synced', queue: { kind: 'done' } };
      case 'invalid':
        return { result: 'invalid', queue: { kind: 'done' } };
      case 'unresolved':
        return { result: 'unresolved', queue: { kind: 'after', ms: this.deps.missingSecretRetryMs } };
      case 'unsynced':
        this.deps.metrics.reconcileErrors.inc({ reason: outcome.reason });
        return { result: 'error', queue: { kind: 'retry' } };
    }
  }

  private async sync(resource: ChannelResource, ref: string, generation: number): Promise<ReconcileOutcome> {
    try {
      acceptSpec(resource);
    } catch (error) {
      if (error instanceof ChannelSpecError) return { kind: 'invalid', reason: error.reason, message: error.message };
      throw error;
    }
    const secretRef = secretReference(resource);
    const resolved = resolveApiKey(this.deps.getSecret(secretRef.namespace, secretRef.name), secretRef);
    if (!resolved.ok) return { kind: 'unresolved', reason: resolved.reason, message: resolved.message };
    const specChanged = resource.status?.observedGeneration !== generation;
    const desired = mapChannel(resource, resolved.key, specChanged);
    if (!this.deps.leadership.isLeader()) throw new Error('lost leadership before writing');
    try {
      const result = await this.deps.writer.upsertExternal(ref, desired.fields, desired.enabled === undefined ? {} : { enabled: desired.enabled });
      if (result.changed) {
        this.deps.metrics.channelWrites.inc({ operation: result.created ? 'create' : 'update' });
        const id = result.channel.id;
        if (result.created) this.deps.events?.record(resource, 'Normal', 'Created', `channel ${id} created`);
        else this.deps.events?.record(resource, 'Normal', 'Updated', `channel ${id} rewritten from the spec (spec, key or drift)`);
      }
      return { kind: 'synced', row: result.channel, keyFingerprint: desired.keyFingerprint, wrote: result.changed };
    } catch (error) {
      if (error instanceof ValidationError) return { kind: 'invalid', reason: 'InvalidSpec', message: error.message };
      this.deps.logger.warn({ err: error, ref }, 'cannot write the channel');
      return { kind: 'unsynced', reason: 'DatabaseUnavailable', message: `cannot write the channel: ${(error as Error)?.message ?? String(error)}` };
    }
  }

  private async applyDeletionPolicy(resource: ChannelResource, ref: string): Promise<void> {
    if (!this.deps.leadership.isLeader()) throw new Error('lost leadership before writing');
    const policy = deletionPolicyOf(resource);
    if (policy === 'Delete') {
      if (await this.deps.writer.deleteExternal(ref)) this.deps.metrics.channelWrites.inc({ operation: 'delete' });
    } else {
      const released = await this.deps.writer.releaseExternal(ref, { disable: policy === 'Disable' });
      if (released !== undefined) this.deps.metrics.channelWrites.inc({ operation: policy === 'Disable' ? 'disable-release' : 'release' });
    }
    this.deps.logger.info({ ref, policy }, 'applied the deletion policy');
    const done = policy === 'Delete' ? 'the channel row was deleted' : policy === 'Disable' ? 'the channel row was disabled and handed over to the console' : 'the channel row was handed over to the console';
    this.deps.events?.record(resource, 'Normal', 'DeletionPolicyApplied', `deletionPolicy ${policy}: ${done}`);
  }

  /** `resource` with the status this operator last wrote, if the cache has not caught up with it. */
  private withCurrentStatus(key: string, resource: ChannelResource): ChannelResource {
    const written = this.written.get(key);
    const version = resource.metadata?.resourceVersion;
    if (!written || version === undefined) return resource;
    if (written.before.has(version)) return { ...resource, status: written.status };
    this.written.delete(key); // the cache has our write (or something newer): it is the truth
    return resource;
  }

  private async writeStatus(key: string, resource: ChannelResource, status: ChannelStatus, versions: Array<string | undefined>): Promise<void> {
    if (sameStatus(resource.status, status)) return;
    if (await this.deps.api.writeStatus(resource, status)) {
      const before = findCondition(resource.status?.conditions, 'Ready');
      const ready = findCondition(status.conditions, 'Ready');
      if (ready && ready.status !== 'True' && (before?.status !== ready.status || before.reason !== ready.reason)) {
        this.deps.events?.record(resource, 'Warning', ready.reason, ready.message);
      }
      const earlier = new Set(this.written.get(key)?.before ?? []);
      for (const version of versions) if (version !== undefined) earlier.add(version);
      this.written.set(key, { status, before: earlier });
      this.deps.metrics.statusWrites.inc();
    }
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }
}

function errorReason(error: unknown): string {
  const code = apiStatusCode(error);
  if (code === 409 || code === 422) return 'Conflict';
  if (code !== undefined) return `Http${code}`;
  return 'Error';
}
