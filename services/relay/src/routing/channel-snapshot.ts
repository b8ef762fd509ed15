import { channelTypeSupport, findChannelType } from '@modelgate/channel-types';
import { type AbilityEntity, type ChannelEntity, ChannelStatus } from '@modelgate/db';
import { type ModelMapping, parseModelMapping } from './model-mapping';
import { parseStatusCodeMapping, type StatusCodeMapping } from './status-code-mapping';

/**
 * The channel columns routing and the provider adapters read. A full `ChannelEntity` fits; tests
 * and the change-event path may pass just these.
 */
export type ChannelRow = Pick<
  ChannelEntity,
  | 'id'
  | 'type'
  | 'key'
  | 'name'
  | 'status'
  | 'base_url'
  | 'other'
  | 'openai_organization'
  | 'model_mapping'
  | 'status_code_mapping'
  | 'priority'
  | 'weight'
  | 'auto_ban'
  | 'setting'
  | 'created_time'
  | 'max_rpm'
  | 'max_tpm'
  | 'max_concurrency'
>;

/** The ability columns routing reads: which (group, model) pairs a channel serves. */
export type AbilityRow = Pick<AbilityEntity, 'group' | 'model' | 'channel_id' | 'enabled'>;

/**
 * Added to every channel's weight inside a tier (the reference's smoothing): a weight-0 channel
 * still gets traffic, and small weights are nearly uniform.
 */
export const WEIGHT_SMOOTHING = 10;

/** One channel as routing sees it: its row plus the parsed JSON columns. */
export interface SnapshotChannel {
  readonly id: number;
  readonly type: number;
  readonly name: string;
  /** Enabled (status 1): the only status routing or pinning may use. */
  readonly enabled: boolean;
  /** Of a channel type the gateway serves; a channel of another type is never routed to. */
  readonly served: boolean;
  /** `auto_ban = 1`: the relay may disable the channel after an upstream failure. */
  readonly autoBan: boolean;
  readonly priority: number;
  /** The configured weight (negative values count as 0). */
  readonly weight: number;
  /** Client-facing model names the channel serves in any group (from the abilities). */
  readonly models: ReadonlySet<string>;
  readonly modelMapping: ModelMapping;
  readonly statusCodeMapping: StatusCodeMapping;
  /** The row itself, for the adapter (key, base URL, `other`, organization, …). */
  readonly row: Readonly<ChannelRow>;
}

/** A candidate inside a tier, with its smoothed weight (`weight + 10`). */
export interface TierMember {
  readonly channel: SnapshotChannel;
  readonly weight: number;
}

/** The enabled channels of one priority serving a (group, model) pair; members by channel id. */
export interface ChannelTier {
  readonly priority: number;
  readonly members: readonly TierMember[];
}

/** A row the snapshot could not use as written; the channel still routes, without that part. */
export interface SnapshotProblem {
  readonly channelId: number;
  readonly field: 'model_mapping' | 'status_code_mapping' | 'abilities' | 'type';
  readonly message: string;
}

/**
 * An immutable routing table: (group, model) → priority tiers of enabled channels, highest
 * first, plus every channel by id. Built once per change (O(abilities), plus sorting each pair's
 * few priorities); each request then reads it without a database query or a lock.
 */
export interface ChannelSnapshot {
  /** Tiers for the pair, highest priority first; empty when no enabled channel serves it. */
  tiers(group: string, model: string): readonly ChannelTier[];
  /** Any channel by id, enabled or not (pinned channels need the disabled ones too). */
  channel(id: number): SnapshotChannel | undefined;
  /** Every row the snapshot could not fully use; for a log line when it is (re)built. */
  readonly problems: readonly SnapshotProblem[];
  /** A new snapshot with one channel's status changed (e.g. after an auto-disable). */
  withChannelStatus(channelId: number, status: number): ChannelSnapshot;
}

const NO_TIERS: readonly ChannelTier[] = Object.freeze([]);

/** Builds a channel's routing view, recording problems with its JSON columns. */
function toSnapshotChannel(row: ChannelRow, models: ReadonlySet<string>, problems: SnapshotProblem[]): SnapshotChannel {
  const modelMapping = parseModelMapping(row.model_mapping);
  if (modelMapping.problem) problems.push({ channelId: row.id, field: 'model_mapping', message: modelMapping.problem });
  const statusMapping = parseStatusCodeMapping(row.status_code_mapping);
  if (statusMapping.problem) {
    problems.push({ channelId: row.id, field: 'status_code_mapping', message: statusMapping.problem });
  }
  const enabled = row.status === ChannelStatus.Enabled;
  const type = findChannelType(row.type);
  const support = type ? channelTypeSupport(type) : undefined;
  const served = support?.served === true;
  if (enabled && !served) {
    const why = support && !support.served ? `${type!.name} is not supported yet: ${support.reason}` : 'an unknown channel type';
    problems.push({ channelId: row.id, field: 'type', message: `type ${row.type} (${why}); the channel is skipped` });
  }
  return Object.freeze({
    id: row.id,
    type: row.type,
    name: row.name,
    enabled,
    served,
    autoBan: row.auto_ban === 1,
    priority: Number(row.priority) || 0,
    weight: Math.max(0, Number(row.weight) || 0),
    models,
    modelMapping: modelMapping.value,
    statusCodeMapping: statusMapping.value,
    row,
  });
}

/** Groups one pair's candidates by priority into frozen tiers, highest first. */
function toTiers(candidates: SnapshotChannel[]): readonly ChannelTier[] {
  const byPriority = new Map<number, TierMember[]>();
  for (const channel of candidates) {
    let members = byPriority.get(channel.priority);
    if (!members) byPriority.set(channel.priority, (members = []));
    members.push(Object.freeze({ channel, weight: channel.weight + WEIGHT_SMOOTHING }));
  }
  return Object.freeze(
    [...byPriority.entries()]
      .sort(([a], [b]) => b - a)
      .map(([priority, members]) =>
        Object.freeze({
          priority,
          members: Object.freeze(members.sort((a, b) => a.channel.id - b.channel.id)),
        }),
      ),
  );
}

/**
 * Builds the routing snapshot from channel rows and ability rows. A pair routes to a channel
 * when its ability row is enabled **and** the channel's status is enabled, so a disabled channel
 * leaves routing the moment its row changes, even before its abilities are rewritten. Priority
 * and weight come from the channel row (the abilities' copies are derived from it). Abilities
 * naming no known channel are skipped and reported.
 */
export function buildChannelSnapshot(
  channelRowsIn: readonly ChannelRow[],
  abilityRowsIn: readonly AbilityRow[],
): ChannelSnapshot {
  // Own copies of the lists, so `withChannelStatus` rebuilds from what this snapshot was built of.
  const channelRows = Object.freeze([...channelRowsIn]);
  const abilityRows = Object.freeze([...abilityRowsIn]);
  const problems: SnapshotProblem[] = [];
  const rowsById = new Map<number, ChannelRow>();
  for (const row of channelRows) rowsById.set(row.id, row);

  const modelsById = new Map<number, Set<string>>();
  const orphans = new Set<number>();
  for (const ability of abilityRows) {
    if (!rowsById.has(ability.channel_id)) {
      orphans.add(ability.channel_id);
      continue;
    }
    let models = modelsById.get(ability.channel_id);
    if (!models) modelsById.set(ability.channel_id, (models = new Set()));
    models.add(ability.model);
  }
  for (const channelId of orphans) {
    problems.push({ channelId, field: 'abilities', message: 'abilities name a channel that does not exist' });
  }

  const channels = new Map<number, SnapshotChannel>();
  for (const row of channelRows) {
    channels.set(row.id, toSnapshotChannel(row, modelsById.get(row.id) ?? new Set(), problems));
  }

  const candidates = new Map<string, Map<string, SnapshotChannel[]>>();
  for (const ability of abilityRows) {
    const channel = channels.get(ability.channel_id);
    if (!ability.enabled || !channel?.enabled || !channel.served) continue;
    let byModel = candidates.get(ability.group);
    if (!byModel) candidates.set(ability.group, (byModel = new Map()));
    let list = byModel.get(ability.model);
    if (!list) byModel.set(ability.model, (list = []));
    list.push(channel);
  }
  const index = new Map<string, Map<string, readonly ChannelTier[]>>();
  for (const [group, byModel] of candidates) {
    const tiersByModel = new Map<string, readonly ChannelTier[]>();
    for (const [model, list] of byModel) tiersByModel.set(model, toTiers(list));
    index.set(group, tiersByModel);
  }

  const frozenProblems = Object.freeze(problems);
  return Object.freeze({
    tiers: (group: string, model: string) => index.get(group)?.get(model) ?? NO_TIERS,
    channel: (id: number) => channels.get(id),
    problems: frozenProblems,
    withChannelStatus: (channelId: number, status: number) =>
      buildChannelSnapshot(
        channelRows.map((row) => (row.id === channelId ? { ...row, status } : row)),
        abilityRows,
      ),
  });
}
