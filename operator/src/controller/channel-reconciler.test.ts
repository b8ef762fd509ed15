/**
 * The reconciler with its dependencies stubbed (no cluster, no database): which calls it makes for
 * each situation.
 */
import { createLogger, ValidationError } from '@modelgate/runtime';
import { trace } from '@opentelemetry/api';
import type { OperatorChannelWriter } from '../database/operator-channel-writer';
import type { ChannelApi } from '../kube/channel-api';
import { OperatorMetrics } from '../observability/operator-metrics';
import { CHANNEL_FINALIZER, type ChannelResource } from '../resource/channel-resource';
import { ChannelReconciler } from './channel-reconciler';

const row = { id: 7, models: 'gpt-4o', status: 1, other_info: '', response_time: 0, used_quota: 0, test_time: 0 };

function setup(channel: ChannelResource, options: { secret?: boolean; leader?: boolean } = {}) {
  const calls: string[] = [];
  const api = {
    addFinalizer: async (resource: ChannelResource) => {
      calls.push('addFinalizer');
      return { ...resource, metadata: { ...resource.metadata, finalizers: [CHANNEL_FINALIZER], resourceVersion: '2' } };
    },
    removeFinalizer: async () => void calls.push('removeFinalizer'),
    writeStatus: async () => {
      calls.push('writeStatus');
      return true;
    },
  } as unknown as ChannelApi;
  const upsert = jest.fn(async () => ({ channel: row, created: true, changed: true }));
  const writer = {
    upsertExternal: upsert,
    deleteExternal: jest.fn(async () => true),
    releaseExternal: jest.fn(async () => 7),
  } as unknown as OperatorChannelWriter;
  const reconciler = new ChannelReconciler({
    getChannel: () => channel,
    getSecret: () => (options.secret === false ? undefined : { data: { apiKey: Buffer.from('sk-1').toString('base64') } }),
    api,
    writer,
    leadership: { isLeader: () => options.leader !== false },
    metrics: new OperatorMetrics(),
    tracer: trace.getTracer('test'),
    logger: createLogger({ service: 'test', level: 'silent' }),
    missingSecretRetryMs: 1234,
  });
  return { reconciler, calls, writer, upsert };
}

function channel(extra: Partial<NonNullable<ChannelResource['metadata']>> = {}, spec: Partial<ChannelResource['spec']> = {}): ChannelResource {
  return {
    metadata: { name: 'c', namespace: 'ns', generation: 1, resourceVersion: '1', ...extra },
    spec: { type: 'openai', models: ['gpt-4o'], apiKeySecretRef: { name: 'key' }, ...spec },
  };
}

describe('ChannelReconciler', () => {
  test('first reconcile: finalizer, one upsert by reference, one status write; a second one with a stale cache writes nothing', async () => {
    const { reconciler, calls, upsert } = setup(channel());
    expect(await reconciler.reconcile('ns/c')).toEqual({ kind: 'done' });
    expect(calls).toEqual(['addFinalizer', 'writeStatus']);
    expect(upsert).toHaveBeenCalledWith('k8s:ns/c', expect.objectContaining({ type: 1, key: 'sk-1' }), { enabled: true });
    upsert.mockResolvedValueOnce({ channel: row, created: false, changed: false });
    await reconciler.reconcile('ns/c'); // the cache still shows resourceVersion 1 without status
    expect(calls).toEqual(['addFinalizer', 'writeStatus', 'addFinalizer']);
  });

  test('missing Secret: no database call, status written, retried after the safety-net delay', async () => {
    const { reconciler, calls, upsert } = setup(channel({ finalizers: [CHANNEL_FINALIZER] }), { secret: false });
    expect(await reconciler.reconcile('ns/c')).toEqual({ kind: 'after', ms: 1234 });
    expect(upsert).not.toHaveBeenCalled();
    expect(calls).toEqual(['writeStatus']);
  });

  test('a validation error of the library is InvalidSpec, not a retry; a database error is a retry', async () => {
    const { reconciler, upsert } = setup(channel({ finalizers: [CHANNEL_FINALIZER] }));
    upsert.mockRejectedValueOnce(new ValidationError('bad key'));
    expect(await reconciler.reconcile('ns/c')).toEqual({ kind: 'done' });
    upsert.mockRejectedValueOnce(new Error('ECONNREFUSED'));
    expect(await reconciler.reconcile('ns/c')).toEqual({ kind: 'retry' });
  });

  test('deletion applies the policy, then removes the finalizer; nothing when not leading', async () => {
    const deleting = channel({ finalizers: [CHANNEL_FINALIZER], deletionTimestamp: new Date() }, { deletionPolicy: 'Orphan' });
    const { reconciler, calls, writer } = setup(deleting);
    await reconciler.reconcile('ns/c');
    expect(writer.releaseExternal).toHaveBeenCalledWith('k8s:ns/c', { disable: false });
    expect(writer.deleteExternal).not.toHaveBeenCalled();
    expect(calls).toEqual(['removeFinalizer']);

    const follower = setup(channel(), { leader: false });
    expect(await follower.reconciler.reconcile('ns/c')).toEqual({ kind: 'done' });
    expect(follower.calls).toEqual([]);
    expect(follower.upsert).not.toHaveBeenCalled();
  });
});
