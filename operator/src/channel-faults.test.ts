/**
 * Failures the operator must ride out: the database going away and coming back, watches closed,
 * broken and expired (410), API errors on the status write and the finalizer.
 */
import { CHANNEL_PLURAL } from './resource/channel-resource';
import {
  createChannel,
  createKeySecret,
  getChannel,
  patchChannelSpec,
  rowOf,
  useOperatorStack,
  waitForCondition,
} from '@modelgate/testkit/operator';
import { waitFor } from '@modelgate/testkit/kube';

jest.setTimeout(60_000);

const stack = useOperatorStack();
const ns = 'faults';

describe('Channel operator under faults', () => {
  test('database down: Synced=False/DatabaseUnavailable with backoff, then recovers when it is back', async () => {
    const operator = await stack.startOperator();
    await createKeySecret(stack, ns, 'db-down-key', 'sk-db');
    await stack.databaseProxy().stop();
    await createChannel(stack, ns, 'db-down');
    const failing = await waitForCondition(stack, ns, 'db-down', 'Synced', 'False', 'DatabaseUnavailable', 15_000);
    expect(failing.status!.conditions!.find((condition) => condition.type === 'Ready')).toMatchObject({ status: 'False', reason: 'DatabaseUnavailable' });
    await waitFor(async () => (await operator.metrics.total(operator.metrics.queueRetries)) >= 2, 15_000, 'retries with backoff');
    await stack.databaseProxy().start();
    await waitForCondition(stack, ns, 'db-down', 'Ready', 'True', 'Synced', 15_000);
    expect((await rowOf(stack, ns, 'db-down'))?.key).toBe('sk-db');
  });

  test('watches closed, broken and expired: the informers recover and the operator converges', async () => {
    const operator = await stack.startOperator();
    await createKeySecret(stack, ns, 'watch-key', 'sk-watch');
    await createChannel(stack, ns, 'watch');
    await waitForCondition(stack, ns, 'watch', 'Ready', 'True');

    // A clean close: client-node re-watches from its resourceVersion.
    stack.fake().closeAllWatches();
    await patchChannelSpec(stack, ns, 'watch', { priority: 3 });
    await waitFor(async () => (await rowOf(stack, ns, 'watch'))?.priority === 3, 10_000, 'change after a clean close');

    // A broken stream: client-node stops the informer; ours restarts it with backoff.
    stack.fake().closeAllWatches({ abrupt: true });
    await waitFor(async () => (await operator.metrics.total(operator.metrics.informerRestarts)) >= 1, 10_000, 'informer restarted');
    await patchChannelSpec(stack, ns, 'watch', { priority: 4 });
    await waitFor(async () => (await rowOf(stack, ns, 'watch'))?.priority === 4, 10_000, 'change after a broken watch');

    // Expired history: hold the re-watch, change things, compact; the held watch gets 410 → relist.
    const hold = stack.fake().faults.inject({ verb: 'watch', resource: CHANNEL_PLURAL, respond: 'hold' });
    stack.fake().closeAllWatches({ plural: CHANNEL_PLURAL, group: 'modelgate.dev' });
    await waitFor(() => hold.used() >= 1, 5000, 'watch held');
    hold.cancel();
    await patchChannelSpec(stack, ns, 'watch', { priority: 5 });
    await createKeySecret(stack, ns, 'watch-missed-key', 'sk-missed');
    await createChannel(stack, ns, 'watch-missed');
    stack.fake().compactHistory();
    stack.fake().requests.clear();
    stack.fake().releaseHeldRequests();
    await waitFor(async () => (await rowOf(stack, ns, 'watch'))?.priority === 5, 10_000, 'change missed during the partition');
    await waitForCondition(stack, ns, 'watch-missed', 'Ready', 'True');
    expect(stack.fake().requests.count({ verb: 'list', resource: CHANNEL_PLURAL })).toBe(1); // 410 → relist
  });

  test('a watch that stalls without an error: the periodic resync relists and catches up', async () => {
    const operator = await stack.startOperator();
    await createKeySecret(stack, ns, 'stalled-key', 'sk-stalled');
    await createChannel(stack, ns, 'stalled');
    await waitForCondition(stack, ns, 'stalled', 'Ready', 'True');
    // The re-watch after a clean close never gets an answer: no event, no error.
    const hold = stack.fake().faults.inject({ verb: 'watch', resource: CHANNEL_PLURAL, respond: 'hold', times: Infinity });
    stack.fake().closeAllWatches({ plural: CHANNEL_PLURAL, group: 'modelgate.dev' });
    await waitFor(() => hold.used() >= 1, 5000, 'watch held');
    await patchChannelSpec(stack, ns, 'stalled', { priority: 8 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await rowOf(stack, ns, 'stalled'))?.priority).toBe(0);
    hold.cancel();
    await operator.activeController!.resync();
    await waitFor(async () => (await rowOf(stack, ns, 'stalled'))?.priority === 8, 10_000, 'change seen after the relist');
    // The new informer watches normally.
    await patchChannelSpec(stack, ns, 'stalled', { priority: 9 });
    await waitFor(async () => (await rowOf(stack, ns, 'stalled'))?.priority === 9, 10_000, 'change through the new watch');
  });

  test('a failing watch (HTTP 500) and a failing list are retried until they succeed', async () => {
    stack.fake().faults.failNext({ verb: 'list', resource: CHANNEL_PLURAL }, { status: 500 }, 2);
    const operator = await stack.startOperator();
    await createKeySecret(stack, ns, 'list-fail-key', 'sk-list');
    await createChannel(stack, ns, 'list-fail');
    await waitForCondition(stack, ns, 'list-fail', 'Ready', 'True', undefined, 15_000);
    expect(await operator.metrics.total(operator.metrics.informerRestarts)).toBeGreaterThanOrEqual(2);
    stack.fake().faults.failNext({ verb: 'watch', resource: CHANNEL_PLURAL }, { status: 500 }, 1);
    stack.fake().closeAllWatches({ abrupt: true, plural: CHANNEL_PLURAL, group: 'modelgate.dev' });
    await patchChannelSpec(stack, ns, 'list-fail', { weight: 9 });
    await waitFor(async () => (await stack.sql<{ weight: number }>(`SELECT weight FROM channels WHERE external_ref = $1`, [`k8s:${ns}/list-fail`]))[0]?.weight === 9, 15_000, 'change after a failed watch');
  });

  test('a failing status write and a conflicting finalizer patch are retried', async () => {
    await stack.startOperator();
    stack.fake().faults.failNext({ verb: 'patch', resource: CHANNEL_PLURAL, subresource: 'status', name: 'api-errors' }, { status: 500 }, 2);
    stack.fake().faults.failNext({ verb: 'patch', resource: CHANNEL_PLURAL, subresource: '', name: 'api-errors' }, { status: 409, message: 'conflict' }, 1);
    await createKeySecret(stack, ns, 'api-errors-key', 'sk-api');
    await createChannel(stack, ns, 'api-errors');
    const channel = await waitForCondition(stack, ns, 'api-errors', 'Ready', 'True', undefined, 15_000);
    expect(channel.metadata!.finalizers).toContain('modelgate.dev/channel-cleanup');
    expect(getChannel(stack, ns, 'api-errors')!.status!.channelId).toBe((await rowOf(stack, ns, 'api-errors'))!.id);
  });
});
