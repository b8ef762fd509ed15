/**
 * The operator against the fake API server (serving the chart's Channel CRD) and PostgreSQL:
 * create, update, Secret rotation, every deletion policy, bad input, drift and quiet resyncs.
 */
import { keyFingerprint } from './mapping/channel-mapping';
import { CHANNEL_FINALIZER } from './resource/channel-resource';
import {
  conditionOf,
  createChannel,
  createKeySecret,
  deleteChannel,
  getChannel,
  patchChannelSpec,
  replaceKeySecret,
  rowOf,
  useOperatorStack,
  waitForCondition,
} from '@modelgate/testkit/operator';
import { waitFor } from '@modelgate/testkit/kube';

jest.setTimeout(60_000);

const stack = useOperatorStack();
const ns = 'lifecycle';

/** Events recorded on the Channel `name`. */
function eventsOf(name: string): Array<{ type: string; reason: string; message: string }> {
  return (stack.fake().listObjects({ plural: 'events', namespace: ns }) as unknown as Array<{ involvedObject: { name: string }; type: string; reason: string; message: string }>).filter(
    (event) => event.involvedObject.name === name,
  );
}

describe('Channel lifecycle', () => {
  test('create: one row with abilities, finalizer, status with fingerprint and all conditions True', async () => {
    const operator = await stack.startOperator();
    await createKeySecret(stack, ns, 'create-key', 'sk-create-1');
    await createChannel(stack, ns, 'create', { groups: ['default', 'vip'], priority: 5 });
    const channel = await waitForCondition(stack, ns, 'create', 'Ready', 'True', 'Synced');
    const row = await rowOf(stack, ns, 'create');
    expect(row).toMatchObject({ name: `${ns}/create`, key: 'sk-create-1', type: 1, models: 'gpt-4o,gpt-4o-mini', group: 'default,vip', priority: 5, status: 1, source: 'kubernetes' });
    const abilities = await stack.sql(`SELECT "group", model FROM abilities WHERE channel_id = $1 ORDER BY 1, 2`, [row!.id]);
    expect(abilities).toHaveLength(4);
    expect(channel.metadata!.finalizers).toEqual([CHANNEL_FINALIZER]);
    expect(channel.status).toMatchObject({
      observedGeneration: 1,
      channelId: row!.id,
      modelCount: 2,
      keyFingerprint: keyFingerprint('sk-create-1'),
      gateway: { state: 'Enabled', usedQuota: 0 },
    });
    expect(JSON.stringify(channel.status)).not.toContain('sk-create-1');
    for (const type of ['Accepted', 'ResolvedRefs', 'Synced']) expect(conditionOf(channel, type)?.status).toBe('True');
    expect(stack.events.some((event) => event.subject === 'modelgate.evt.config.channel.changed' && event.payload.channelIds.includes(row!.id))).toBe(true);
    expect(await operator.metrics.total(operator.metrics.channelWrites)).toBe(1);
    await waitFor(() => eventsOf('create').some((event) => event.reason === 'Created' && event.type === 'Normal' && event.message === `channel ${row!.id} created`), 5000, 'a Created Event');
  });

  test('update: a spec edit rewrites the row; observedGeneration follows the generation', async () => {
    await stack.startOperator();
    await createKeySecret(stack, ns, 'update-key', 'sk-update');
    await createChannel(stack, ns, 'update');
    await waitForCondition(stack, ns, 'update', 'Ready', 'True');
    await patchChannelSpec(stack, ns, 'update', { models: ['claude-3'], type: 'anthropic', weight: 7 });
    const channel = await waitFor(() => {
      const current = getChannel(stack, ns, 'update');
      return current?.status?.observedGeneration === 2 && conditionOf(current, 'Ready')?.status === 'True' ? current : undefined;
    }, 10_000, 'generation 2 synced');
    expect(channel.status!.modelCount).toBe(1);
    expect(await rowOf(stack, ns, 'update')).toMatchObject({ type: 14, models: 'claude-3' });
  });

  test('Secret rotation: the key is rewritten and the fingerprint changes', async () => {
    await stack.startOperator();
    await createKeySecret(stack, ns, 'rotate-key', 'sk-old');
    await createChannel(stack, ns, 'rotate');
    const before = await waitForCondition(stack, ns, 'rotate', 'Ready', 'True');
    expect(before.status!.keyFingerprint).toBe(keyFingerprint('sk-old'));
    await replaceKeySecret(stack, ns, 'rotate-key', 'sk-new');
    await waitFor(async () => (await rowOf(stack, ns, 'rotate'))?.key === 'sk-new', 10_000, 'key rotated');
    await waitFor(() => getChannel(stack, ns, 'rotate')?.status?.keyFingerprint === keyFingerprint('sk-new'), 10_000, 'fingerprint updated');
  });

  test('missing Secret: ResolvedRefs=False and no row; creating the Secret makes it Ready', async () => {
    await stack.startOperator();
    await createChannel(stack, ns, 'late-secret');
    const waiting = await waitForCondition(stack, ns, 'late-secret', 'ResolvedRefs', 'False', 'SecretNotFound');
    expect(conditionOf(waiting, 'Ready')).toMatchObject({ status: 'False', reason: 'SecretNotFound' });
    expect(await rowOf(stack, ns, 'late-secret')).toBeUndefined();
    await createKeySecret(stack, ns, 'late-secret-key', 'sk-wrong-key', 'token');
    await waitForCondition(stack, ns, 'late-secret', 'ResolvedRefs', 'False', 'SecretKeyMissing');
    await replaceKeySecret(stack, ns, 'late-secret-key', 'sk-late');
    await waitForCondition(stack, ns, 'late-secret', 'Ready', 'True');
    expect((await rowOf(stack, ns, 'late-secret'))?.key).toBe('sk-late');
  });

  test('invalid spec: Accepted=False with the reason and no row', async () => {
    await stack.startOperator();
    await createKeySecret(stack, ns, 'bad-mapping-key', 'sk-bad');
    await createChannel(stack, ns, 'bad-mapping', { modelMapping: { 'not-listed': 'x' } });
    const channel = await waitForCondition(stack, ns, 'bad-mapping', 'Accepted', 'False', 'InvalidSpec');
    expect(conditionOf(channel, 'Accepted')!.message).toContain('modelMapping');
    // The library's own validation: AWS keys are Ak|Sk|Region.
    await createKeySecret(stack, ns, 'bad-key-format-key', 'only-one-part');
    await createChannel(stack, ns, 'bad-key-format', { type: 'aws-claude' });
    const badKey = await waitForCondition(stack, ns, 'bad-key-format', 'Accepted', 'False', 'InvalidSpec');
    expect(conditionOf(badKey, 'Accepted')!.message).toContain('Ak|Sk|Region');
    // A provider the gateway cannot serve yet is refused with its reason, before any row exists.
    await createChannel(stack, ns, 'not-served', { type: 'palm', apiKeySecretRef: { name: 'bad-mapping-key' } });
    const notServed = await waitForCondition(stack, ns, 'not-served', 'Accepted', 'False', 'TypeNotSupported');
    expect(conditionOf(notServed, 'Accepted')!.message).toContain('not supported yet');
    await waitFor(() => eventsOf('bad-mapping').some((event) => event.type === 'Warning' && event.reason === 'InvalidSpec'), 5000, 'a Warning Event');
    // A name the channel row's external_ref cannot hold (k8s:<namespace>/<name> > 255 characters).
    const longName = 'a'.repeat(250);
    await createChannel(stack, ns, longName, { apiKeySecretRef: { name: 'bad-mapping-key' } });
    const tooLong = await waitForCondition(stack, ns, longName, 'Accepted', 'False', 'InvalidName');
    expect(tooLong.status!.channelId).toBeUndefined();
    expect(await rowOf(stack, ns, 'bad-mapping')).toBeUndefined();
    expect(await rowOf(stack, ns, 'bad-key-format')).toBeUndefined();
    expect(await rowOf(stack, ns, 'not-served')).toBeUndefined();
  });

  test.each([
    ['Delete', undefined],
    ['Disable', { status: 2, source: 'console', external_ref: null }],
    ['Orphan', { status: 1, source: 'console', external_ref: null }],
  ] as const)('deletionPolicy %s', async (policy, expected) => {
    await stack.startOperator();
    const name = `policy-${policy.toLowerCase()}`;
    await createKeySecret(stack, ns, `${name}-key`, 'sk-policy');
    await createChannel(stack, ns, name, { deletionPolicy: policy });
    const ready = await waitForCondition(stack, ns, name, 'Ready', 'True');
    const id = ready.status!.channelId!;
    await deleteChannel(stack, ns, name);
    await waitFor(() => getChannel(stack, ns, name) === undefined, 10_000, 'object gone after the finalizer');
    await waitFor(() => eventsOf(name).some((event) => event.reason === 'DeletionPolicyApplied' && event.message.startsWith(`deletionPolicy ${policy}`)), 5000, 'a deletion Event');
    const rows = await stack.sql<{ status: number; source: string; external_ref: string | null }>(`SELECT status, source, external_ref FROM channels WHERE id = $1`, [id]);
    if (expected === undefined) {
      expect(rows).toEqual([]);
      expect(await stack.sql(`SELECT 1 FROM abilities WHERE channel_id = $1`, [id])).toEqual([]);
    } else {
      expect(rows[0]).toEqual(expected);
      const abilities = await stack.sql<{ enabled: boolean }>(`SELECT enabled FROM abilities WHERE channel_id = $1`, [id]);
      expect(abilities.every((ability) => ability.enabled === (expected.status === 1))).toBe(true);
    }
  });

  test('a status write does not trigger another reconcile; an unchanged resync writes nothing', async () => {
    const operator = await stack.startOperator();
    await createKeySecret(stack, ns, 'quiet-key', 'sk-quiet');
    await createChannel(stack, ns, 'quiet');
    await waitForCondition(stack, ns, 'quiet', 'Ready', 'True');
    await waitFor(() => operator.activeController?.idle(), 5000, 'queue idle');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const reconciles = await operator.metrics.total(operator.metrics.reconciles);
    const writes = await operator.metrics.total(operator.metrics.channelWrites);
    const statusPatches = stack.fake().requests.count({ verb: 'patch', resource: 'channels', subresource: 'status', name: 'quiet' });
    expect(statusPatches).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await operator.metrics.total(operator.metrics.reconciles)).toBe(reconciles);

    const rowBefore = await stack.sql(`SELECT xmin::text AS version FROM channels WHERE external_ref = $1`, [`k8s:${ns}/quiet`]);
    operator.activeController!.resync();
    await waitFor(async () => (await operator.metrics.total(operator.metrics.reconciles)) > reconciles, 5000, 'resync reconciles');
    await waitFor(() => operator.activeController?.idle(), 5000, 'queue idle after resync');
    expect(await operator.metrics.total(operator.metrics.channelWrites)).toBe(writes);
    expect(stack.fake().requests.count({ verb: 'patch', resource: 'channels', subresource: 'status', name: 'quiet' })).toBe(statusPatches);
    expect(await stack.sql(`SELECT xmin::text AS version FROM channels WHERE external_ref = $1`, [`k8s:${ns}/quiet`])).toEqual(rowBefore);
  });

  test('drift: a row edited behind the operator’s back is rewritten on resync; runtime state is refreshed', async () => {
    const operator = await stack.startOperator();
    await createKeySecret(stack, ns, 'drift-key', 'sk-drift');
    await createChannel(stack, ns, 'drift');
    await waitForCondition(stack, ns, 'drift', 'Ready', 'True');
    await stack.sql(`UPDATE channels SET priority = 99, models = 'hacked', used_quota = 1234, response_time = 321 WHERE external_ref = $1`, [`k8s:${ns}/drift`]);
    operator.activeController!.resync();
    await waitFor(async () => (await rowOf(stack, ns, 'drift'))?.models === 'gpt-4o,gpt-4o-mini', 10_000, 'drift corrected');
    expect((await rowOf(stack, ns, 'drift'))?.priority).toBe(0);
    await waitFor(() => eventsOf('drift').some((event) => event.reason === 'Updated'), 5000, 'an Updated Event for the correction');
    await waitFor(() => getChannel(stack, ns, 'drift')?.status?.gateway?.usedQuota === 1234, 10_000, 'used quota refreshed');
    expect(getChannel(stack, ns, 'drift')!.status!.gateway!.responseTimeMs).toBe(321);
  });

  test('the gateway’s auto-disable shows as Ready=False/AutoDisabled with its reason', async () => {
    const operator = await stack.startOperator();
    await createKeySecret(stack, ns, 'banned-key', 'sk-banned');
    await createChannel(stack, ns, 'banned');
    await waitForCondition(stack, ns, 'banned', 'Ready', 'True');
    await stack.sql(`UPDATE channels SET status = 3, other_info = $2 WHERE external_ref = $1`, [`k8s:${ns}/banned`, JSON.stringify({ status_reason: 'upstream said 401', status_time: 1 })]);
    operator.activeController!.resync();
    const channel = await waitForCondition(stack, ns, 'banned', 'Ready', 'False', 'AutoDisabled');
    expect(channel.status!.gateway).toMatchObject({ state: 'AutoDisabled', reason: 'upstream said 401' });
    expect((await rowOf(stack, ns, 'banned'))?.status).toBe(3);
  });

  test('console channels are never touched', async () => {
    await stack.sql(`INSERT INTO channels (type, key, name, models, "group", source) VALUES (1, 'console-key', 'console one', 'gpt-4o', 'default', 'console')`);
    await stack.startOperator();
    await createKeySecret(stack, ns, 'neighbour-key', 'sk-neighbour');
    await createChannel(stack, ns, 'neighbour', { displayName: 'console one' });
    await waitForCondition(stack, ns, 'neighbour', 'Ready', 'True');
    const rows = await stack.sql<{ key: string; source: string }>(`SELECT key, source FROM channels WHERE name = 'console one' ORDER BY id`);
    expect(rows).toEqual([
      { key: 'console-key', source: 'console' },
      { key: 'sk-neighbour', source: 'kubernetes' },
    ]);
  });
});
