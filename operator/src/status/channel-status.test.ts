import { mergeConditions } from './conditions';
import { type ChannelRowView, desiredStatus, gatewayStatusOf, sameStatus } from './channel-status';

const t0 = new Date('2026-01-01T00:00:00Z');
const t1 = new Date('2026-01-01T00:05:00Z');
const row: ChannelRowView = { id: 41, models: 'a,b', status: 1, other_info: '', response_time: 120, used_quota: 500, test_time: 0 };

describe('mergeConditions', () => {
  test('lastTransitionTime changes only when the status flips', () => {
    const first = mergeConditions(undefined, [{ type: 'Ready', status: 'False', reason: 'SecretNotFound', message: 'x' }], 1, t0);
    const sameStatus = mergeConditions(first, [{ type: 'Ready', status: 'False', reason: 'DatabaseUnavailable', message: 'y' }], 2, t1);
    expect(sameStatus[0]).toEqual({ type: 'Ready', status: 'False', reason: 'DatabaseUnavailable', message: 'y', observedGeneration: 2, lastTransitionTime: '2026-01-01T00:00:00Z' });
    const flipped = mergeConditions(sameStatus, [{ type: 'Ready', status: 'True', reason: 'Synced', message: 'z' }], 2, t1);
    expect(flipped[0]!.lastTransitionTime).toBe('2026-01-01T00:05:00Z');
  });

  test('keeps foreign conditions after the operator’s, in a fixed order', () => {
    const merged = mergeConditions(
      [{ type: 'Custom', status: 'True', reason: 'X', message: '', lastTransitionTime: 'a' }],
      [
        { type: 'Ready', status: 'True', reason: 'Synced', message: '' },
        { type: 'Accepted', status: 'True', reason: 'Valid', message: '' },
      ],
      1,
      t0,
    );
    expect(merged.map((condition) => condition.type)).toEqual(['Accepted', 'Ready', 'Custom']);
  });
});

describe('desiredStatus', () => {
  test('a sync reports the row, the fingerprint and the gateway state; all conditions True', () => {
    const status = desiredStatus(undefined, { kind: 'synced', row, keyFingerprint: 'abcdef012345', wrote: true }, 3, t0);
    expect(status).toMatchObject({
      observedGeneration: 3,
      channelId: 41,
      modelCount: 2,
      keyFingerprint: 'abcdef012345',
      lastSyncTime: '2026-01-01T00:00:00Z',
      gateway: { state: 'Enabled', responseTimeMs: 120, usedQuota: 500 },
    });
    expect(status.conditions!.map((condition) => `${condition.type}=${condition.status}/${condition.reason}`)).toEqual([
      'Accepted=True/Valid',
      'ResolvedRefs=True/SecretFound',
      'Synced=True/RowUpserted',
      'Ready=True/Synced',
    ]);
  });

  test('an unchanged resync produces the same status (no write), lastSyncTime kept', () => {
    const first = desiredStatus(undefined, { kind: 'synced', row, keyFingerprint: 'abcdef012345', wrote: true }, 1, t0);
    const again = desiredStatus(first, { kind: 'synced', row, keyFingerprint: 'abcdef012345', wrote: false }, 1, t1);
    expect(sameStatus(first, again)).toBe(true);
  });

  test('a failure keeps the last known row facts; reasons per condition', () => {
    const synced = desiredStatus(undefined, { kind: 'synced', row, keyFingerprint: 'abcdef012345', wrote: true }, 1, t0);
    const down = desiredStatus(synced, { kind: 'unsynced', reason: 'DatabaseUnavailable', message: 'ECONNREFUSED' }, 1, t1);
    expect(down).toMatchObject({ channelId: 41, keyFingerprint: 'abcdef012345' });
    expect(down.conditions!.find((condition) => condition.type === 'Synced')).toMatchObject({ status: 'False', reason: 'DatabaseUnavailable', lastTransitionTime: '2026-01-01T00:05:00Z' });
    expect(down.conditions!.find((condition) => condition.type === 'Accepted')).toMatchObject({ status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z' });
    const invalid = desiredStatus(undefined, { kind: 'invalid', reason: 'UnknownType', message: 'unknown' }, 2, t0);
    expect(invalid.conditions!.map((condition) => `${condition.type}=${condition.status}`)).toEqual(['Accepted=False', 'ResolvedRefs=Unknown', 'Synced=False', 'Ready=False']);
    const missing = desiredStatus(undefined, { kind: 'unresolved', reason: 'SecretNotFound', message: 'no' }, 1, t0);
    expect(missing.conditions!.find((condition) => condition.type === 'ResolvedRefs')).toMatchObject({ status: 'False', reason: 'SecretNotFound' });
  });

  test('gateway state: auto-disabled with the reason from other_info makes Ready False', () => {
    const autoDisabled = { ...row, status: 3, other_info: JSON.stringify({ status_reason: 'upstream 401', status_time: 1 }), test_time: 1_700_000_000 };
    expect(gatewayStatusOf(autoDisabled)).toEqual({ state: 'AutoDisabled', reason: 'upstream 401', responseTimeMs: 120, usedQuota: 500, lastTestTime: '2023-11-14T22:13:20Z' });
    const status = desiredStatus(undefined, { kind: 'synced', row: autoDisabled, keyFingerprint: 'abcdef012345', wrote: false }, 1, t0);
    expect(status.conditions!.find((condition) => condition.type === 'Ready')).toMatchObject({ status: 'False', reason: 'AutoDisabled', message: 'upstream 401' });
    expect(gatewayStatusOf({ ...row, status: 2 }).state).toBe('Disabled');
  });
});
