/**
 * The status the operator writes for one reconcile outcome (pure), and the comparison that keeps
 * it from writing a status that did not change.
 */
import type { ChannelStatus, GatewayStatus } from '../resource/channel-resource';
import { type ConditionUpdate, mergeConditions } from './conditions';

/** The columns of a channel row the status reports. */
export interface ChannelRowView {
  id: number;
  models: string;
  status: number;
  other_info: string | null;
  response_time: number;
  used_quota: number | string;
  test_time: number | string;
}

/** What one reconcile found. */
export type ReconcileOutcome =
  | { kind: 'invalid'; reason: string; message: string }
  | { kind: 'unresolved'; reason: 'SecretNotFound' | 'SecretKeyMissing'; message: string }
  | { kind: 'unsynced'; reason: string; message: string }
  | { kind: 'synced'; row: ChannelRowView; keyFingerprint: string; wrote: boolean };

/** The gateway's own state of the channel, read back from its row. */
export function gatewayStatusOf(row: ChannelRowView): GatewayStatus {
  const state = row.status === 1 ? 'Enabled' : row.status === 3 ? 'AutoDisabled' : 'Disabled';
  const gateway: GatewayStatus = { state, responseTimeMs: Math.max(0, Number(row.response_time) || 0), usedQuota: Math.max(0, Number(row.used_quota) || 0) };
  if (state !== 'Enabled') {
    const reason = statusReason(row.other_info);
    if (reason) gateway.reason = reason.slice(0, 1024);
  }
  const testTime = Number(row.test_time) || 0;
  if (testTime > 0) gateway.lastTestTime = new Date(testTime * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return gateway;
}

function statusReason(otherInfo: string | null): string | undefined {
  if (!otherInfo) return undefined;
  try {
    const parsed = JSON.parse(otherInfo) as { status_reason?: unknown };
    return typeof parsed.status_reason === 'string' && parsed.status_reason !== '' ? parsed.status_reason : undefined;
  } catch {
    return undefined;
  }
}

function conditionsFor(outcome: ReconcileOutcome): ConditionUpdate[] {
  const unknown = (type: ConditionUpdate['type'], message: string): ConditionUpdate => ({ type, status: 'Unknown', reason: 'NotChecked', message });
  switch (outcome.kind) {
    case 'invalid':
      return [
        { type: 'Accepted', status: 'False', reason: outcome.reason, message: outcome.message },
        unknown('ResolvedRefs', 'the spec is not accepted'),
        { type: 'Synced', status: 'False', reason: 'NotAccepted', message: 'nothing written: the spec is not accepted' },
        { type: 'Ready', status: 'False', reason: outcome.reason, message: outcome.message },
      ];
    case 'unresolved':
      return [
        { type: 'Accepted', status: 'True', reason: 'Valid', message: 'the spec is valid' },
        { type: 'ResolvedRefs', status: 'False', reason: outcome.reason, message: outcome.message },
        { type: 'Synced', status: 'False', reason: 'UnresolvedRefs', message: 'waiting for the API key Secret' },
        { type: 'Ready', status: 'False', reason: outcome.reason, message: outcome.message },
      ];
    case 'unsynced':
      return [
        { type: 'Accepted', status: 'True', reason: 'Valid', message: 'the spec is valid' },
        { type: 'ResolvedRefs', status: 'True', reason: 'SecretFound', message: 'the API key Secret is resolved' },
        { type: 'Synced', status: 'False', reason: outcome.reason, message: outcome.message },
        { type: 'Ready', status: 'False', reason: outcome.reason, message: outcome.message },
      ];
    case 'synced': {
      const gateway = gatewayStatusOf(outcome.row);
      const models = outcome.row.models.split(',').filter(Boolean).length;
      const ready: ConditionUpdate =
        gateway.state === 'AutoDisabled'
          ? { type: 'Ready', status: 'False', reason: 'AutoDisabled', message: gateway.reason ?? 'the gateway disabled the channel after upstream failures' }
          : { type: 'Ready', status: 'True', reason: 'Synced', message: `channel ${outcome.row.id} is configured` };
      return [
        { type: 'Accepted', status: 'True', reason: 'Valid', message: 'the spec is valid' },
        { type: 'ResolvedRefs', status: 'True', reason: 'SecretFound', message: 'the API key Secret is resolved' },
        { type: 'Synced', status: 'True', reason: 'RowUpserted', message: `channels.id=${outcome.row.id}, ${models} models` },
        ready,
      ];
    }
  }
}

/**
 * The status after `outcome` for `generation`. Facts about the row (id, models, fingerprint,
 * gateway state) come from a successful sync; other outcomes keep the last known ones.
 * `lastSyncTime` moves only when the row was written, so an unchanged resync writes nothing.
 */
export function desiredStatus(current: ChannelStatus | undefined, outcome: ReconcileOutcome, generation: number, now: Date): ChannelStatus {
  const status: ChannelStatus = { observedGeneration: generation };
  const previous = current ?? {};
  if (outcome.kind === 'synced') {
    status.channelId = outcome.row.id;
    status.modelCount = outcome.row.models.split(',').filter(Boolean).length;
    status.keyFingerprint = outcome.keyFingerprint;
    status.lastSyncTime = outcome.wrote || !previous.lastSyncTime ? now.toISOString().replace(/\.\d{3}Z$/, 'Z') : previous.lastSyncTime;
    status.gateway = gatewayStatusOf(outcome.row);
  } else {
    for (const field of ['channelId', 'modelCount', 'keyFingerprint', 'lastSyncTime', 'gateway'] as const) {
      if (previous[field] !== undefined) (status as Record<string, unknown>)[field] = previous[field];
    }
  }
  status.conditions = mergeConditions(previous.conditions, conditionsFor(outcome), generation, now);
  return status;
}

/** True when two statuses hold the same values (key order ignored). */
export function sameStatus(a: ChannelStatus | undefined, b: ChannelStatus | undefined): boolean {
  return canonical(a ?? {}) === canonical(b ?? {});
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.keys(inner as object).sort().filter((key) => (inner as Record<string, unknown>)[key] !== undefined).map((key) => [key, (inner as Record<string, unknown>)[key]]))
      : inner,
  );
}
