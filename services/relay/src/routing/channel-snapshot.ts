import { channelConnectionSettings, type ChannelConnectionSettings, channelTypeSupport, findChannelType } from '@modelgate/channel-types';
import { type AbilityEntity, type ChannelEntity, ChannelStatus } from '@modelgate/db';
import { type ModelMapping, parseModelMapping } from './model-mapping';
import { parseStatusCodeMapping, type StatusCodeMapping } from './status-code-mapping';
import { routingModelName } from './select-channel';
import { ShardedMap, type ShardedMapDraft } from './sharded-map';

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
  /** How its upstream calls connect (its `setting` keys `upstream_connections`, `upstream_http2`). */
  readonly connection: ChannelConnectionSettings;
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

/** One change to a snapshot: these channels' rows and abilities as they are now. */
export interface ChannelChange {
  /** Every channel the change is about; an id with no row in `rows` is deleted. */
  readonly ids: readonly number[];
  /** The current rows of those channels that exist. */
  readonly rows: readonly ChannelRow[];
  /** Every ability row of those channels. */
  readonly abilities: readonly AbilityRow[];
}

/**
 * An immutable routing table: (group, model) → priority tiers of enabled channels, highest
 * first, plus every channel by id. A change makes a new snapshot that shares every part the
 * change does not touch (`withChanges`: the cost grows with the changed channels' abilities, not
 * with the table; the large maps are sharded, so a change copies the few shards its channels and
 * models fall in), so one channel's event among 10,000 channels takes well under a millisecond;
 * each request then reads it without a query or a lock.
 */
export interface ChannelSnapshot {
  /** Tiers for the pair, highest priority first; empty when no enabled channel serves it. */
  tiers(group: string, model: string): readonly ChannelTier[];
  /** Any channel by id, enabled or not (pinned channels need the disabled ones too). */
  channel(id: number): SnapshotChannel | undefined;
  /** Sorted models routable in `group` (some enabled channel serves them), or in any group when empty. */
  models(group?: string): readonly string[];
  /** Whether some channel lists `model` (by routing name) in any group, enabled or not. */
  knowsModel(model: string): boolean;
  /** How many channels the snapshot holds, enabled or not. */
  readonly channelCount: number;
  /** How many of them are enabled (status 1). */
  readonly enabledCount: number;
  /** Every row the snapshot could not fully use; for a log line when it is (re)built. */
  readonly problems: readonly SnapshotProblem[];
  /** A new snapshot with these channels replaced (or removed); this one is left as it was. */
  withChanges(change: ChannelChange): ChannelSnapshot;
  /** A new snapshot with one channel's status changed (e.g. after an auto-disable). */
  withChannelStatus(channelId: number, status: number): ChannelSnapshot;
}

const NO_TIERS: readonly ChannelTier[] = Object.freeze([]);
const NO_MODELS: readonly string[] = Object.freeze([]);
const NO_ABILITIES: readonly AbilityRow[] = Object.freeze([]);

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
    connection: channelConnectionSettings(row.setting),
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
 * The parts of a snapshot. A change copies only what it touches: the id- and model-keyed maps are
 * {@link ShardedMap}s (a change copies the shards its keys fall in), the group maps are small.
 */
interface Parts {
  readonly channels: ShardedMap<number, SnapshotChannel>;
  /** How many of `channels` are enabled. */
  readonly enabledCount: number;
  /** Each channel's ability rows. */
  readonly abilities: ShardedMap<number, readonly AbilityRow[]>;
  /** group → model → ids of channels with an enabled ability for the pair (enabled or not themselves). */
  readonly pairs: ReadonlyMap<string, ShardedMap<string, readonly number[]>>;
  /** group → model → tiers; only pairs with at least one tier. */
  readonly index: ReadonlyMap<string, ShardedMap<string, readonly ChannelTier[]>>;
  /** Routing model name → how many ability rows list it. */
  readonly known: ShardedMap<string, number>;
  /** Problems by channel id (abilities naming a missing channel included). */
  readonly problems: ShardedMap<number, readonly SnapshotProblem[]>;
}

function emptyParts(): Parts {
  return {
    channels: ShardedMap.empty(),
    enabledCount: 0,
    abilities: ShardedMap.empty(),
    pairs: new Map(),
    index: new Map(),
    known: ShardedMap.empty(),
    problems: ShardedMap.empty(),
  };
}

/** Drafts of the touched groups' inner maps, made on first use; `finish` puts them in a copy of the group map. */
class GroupDrafts<V> {
  private readonly drafts = new Map<string, ShardedMapDraft<string, V>>();

  constructor(private readonly base: ReadonlyMap<string, ShardedMap<string, V>>) {}

  of(group: string): ShardedMapDraft<string, V> {
    let draft = this.drafts.get(group);
    if (!draft) this.drafts.set(group, (draft = (this.base.get(group) ?? ShardedMap.empty<string, V>()).draft()));
    return draft;
  }

  finish(): ReadonlyMap<string, ShardedMap<string, V>> {
    if (this.drafts.size === 0) return this.base;
    const groups = new Map(this.base);
    for (const [group, draft] of this.drafts) {
      const models = draft.finish();
      if (models.size === 0) groups.delete(group);
      else groups.set(group, models);
    }
    return groups;
  }
}

/** Applies a change to `base`, returning new parts that share what the change leaves alone. */
function applyChange(base: Parts, change: ChannelChange): Parts {
  const ids = new Set(change.ids);
  for (const row of change.rows) ids.add(row.id);
  const rowsById = new Map<number, ChannelRow>();
  for (const row of change.rows) rowsById.set(row.id, row);
  const abilitiesById = new Map<number, AbilityRow[]>();
  for (const ability of change.abilities) {
    ids.add(ability.channel_id);
    let list = abilitiesById.get(ability.channel_id);
    if (!list) abilitiesById.set(ability.channel_id, (list = []));
    list.push(ability);
  }
  // Every (group, model) pair an old or a new ability of a changed channel names.
  const touched = new Map<string, Set<string>>();
  const touch = (ability: AbilityRow) => {
    let models = touched.get(ability.group);
    if (!models) touched.set(ability.group, (models = new Set()));
    models.add(ability.model);
  };
  const channels = base.channels.draft();
  const abilities = base.abilities.draft();
  const known = base.known.draft();
  const problems = base.problems.draft();
  let enabledCount = base.enabledCount;
  const count = (model: string, delta: number) => {
    const name = routingModelName(model);
    const next = (known.get(name) ?? 0) + delta;
    if (next > 0) known.set(name, next);
    else known.delete(name);
  };
  for (const id of ids) {
    for (const ability of base.abilities.get(id) ?? NO_ABILITIES) {
      touch(ability);
      count(ability.model, -1);
    }
    if (base.channels.get(id)?.enabled) enabledCount--;
    channels.delete(id);
    abilities.delete(id);
    problems.delete(id);
  }
  // group → model → changed channels with an enabled ability for the pair.
  const added = new Map<string, Map<string, number[]>>();
  for (const id of ids) {
    const row = rowsById.get(id);
    const own = abilitiesById.get(id) ?? [];
    if (!row) {
      if (own.length > 0) {
        problems.set(id, [{ channelId: id, field: 'abilities', message: 'abilities name a channel that does not exist' }]);
      }
      continue;
    }
    const found: SnapshotProblem[] = [];
    const channel = toSnapshotChannel(row, new Set(own.map((ability) => ability.model)), found);
    channels.set(id, channel);
    if (channel.enabled) enabledCount++;
    if (found.length > 0) problems.set(id, found);
    abilities.set(id, own);
    for (const ability of own) {
      touch(ability);
      count(ability.model, 1);
      if (!ability.enabled) continue;
      let byModel = added.get(ability.group);
      if (!byModel) added.set(ability.group, (byModel = new Map()));
      let list = byModel.get(ability.model);
      if (!list) byModel.set(ability.model, (list = []));
      list.push(id);
    }
  }
  const pairs = new GroupDrafts(base.pairs);
  const index = new GroupDrafts(base.index);
  for (const [group, models] of touched) {
    const pairModels = pairs.of(group);
    const tierModels = index.of(group);
    for (const model of models) {
      const members = (pairModels.get(model) ?? []).filter((id) => !ids.has(id));
      for (const id of added.get(group)?.get(model) ?? []) members.push(id);
      if (members.length === 0) pairModels.delete(model);
      else pairModels.set(model, members);
      const candidates: SnapshotChannel[] = [];
      for (const id of members) {
        const channel = channels.get(id)!;
        if (channel.enabled && channel.served) candidates.push(channel);
      }
      if (candidates.length === 0) tierModels.delete(model);
      else tierModels.set(model, toTiers(candidates));
    }
  }
  return {
    channels: channels.finish(),
    enabledCount,
    abilities: abilities.finish(),
    pairs: pairs.finish(),
    index: index.finish(),
    known: known.finish(),
    problems: problems.finish(),
  };
}

/** Wraps parts into the frozen snapshot interface (model lists computed on first use). */
function toSnapshot(parts: Parts): ChannelSnapshot {
  const modelLists = new Map<string, readonly string[]>();
  let problemList: readonly SnapshotProblem[] | undefined;
  const snapshot: ChannelSnapshot = Object.freeze({
    tiers: (group: string, model: string) => parts.index.get(group)?.get(model) ?? NO_TIERS,
    channel: (id: number) => parts.channels.get(id),
    models: (group = '') => {
      let list = modelLists.get(group);
      if (list) return list;
      if (group === '') {
        const all = new Set<string>();
        for (const models of parts.index.values()) for (const model of models.keys()) all.add(model);
        list = Object.freeze([...all].sort());
      } else {
        const models = parts.index.get(group);
        list = models ? Object.freeze([...models.keys()].sort()) : NO_MODELS;
      }
      modelLists.set(group, list);
      return list;
    },
    knowsModel: (model: string) => parts.known.has(routingModelName(model)),
    channelCount: parts.channels.size,
    enabledCount: parts.enabledCount,
    get problems() {
      if (!problemList) {
        const orphans: SnapshotProblem[] = [];
        const others: SnapshotProblem[] = [];
        for (const [id, list] of [...parts.problems].sort(([a], [b]) => a - b)) {
          for (const problem of list) (parts.channels.has(id) ? others : orphans).push(problem);
        }
        problemList = Object.freeze([...orphans, ...others]);
      }
      return problemList;
    },
    withChanges: (change: ChannelChange) => toSnapshot(applyChange(parts, change)),
    withChannelStatus: (channelId: number, status: number) => {
      const channel = parts.channels.get(channelId);
      if (!channel) return snapshot;
      return snapshot.withChanges({
        ids: [channelId],
        rows: [{ ...channel.row, status }],
        abilities: parts.abilities.get(channelId) ?? NO_ABILITIES,
      });
    },
  });
  return snapshot;
}

/** A snapshot of no channels. */
export function emptyChannelSnapshot(): ChannelSnapshot {
  return toSnapshot(emptyParts());
}

/**
 * Builds the routing snapshot from channel rows and ability rows. A pair routes to a channel
 * when its ability row is enabled **and** the channel's status is enabled, so a disabled channel
 * leaves routing the moment its row changes, even before its abilities are rewritten. Priority
 * and weight come from the channel row (the abilities' copies are derived from it). Abilities
 * naming no known channel are skipped and reported.
 */
export function buildChannelSnapshot(channelRows: readonly ChannelRow[], abilityRows: readonly AbilityRow[]): ChannelSnapshot {
  return toSnapshot(applyChange(emptyParts(), { ids: [], rows: channelRows, abilities: abilityRows }));
}
