import { AbilityEntity, ChannelEntity, ChannelStatus } from '@modelgate/db';
import type { ChannelChanged, Logger, MessageBus, Subscription } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';
import { type AbilityRow, buildChannelSnapshot, type ChannelRow, type ChannelSnapshot } from '../routing/channel-snapshot';
import { routingModelName } from '../routing/select-channel';
import { startPeriodicReload } from './periodic-reload';

/** Options of {@link ChannelStore}. */
export interface ChannelStoreOptions {
  dataSource: DataSource;
  logger: Logger;
  /** Full reload period, a safety net for lost events (at-most-once bus); 0 disables. Default 5 min. */
  fullReloadIntervalMs?: number;
}

/** One routing snapshot and the model lists derived from it, swapped in together. */
interface StoreState {
  readonly snapshot: ChannelSnapshot;
  /** Distinct (group, model) pairs of the enabled abilities the snapshot was built from. */
  readonly pairs: readonly AbilityRow[];
  /** Group → sorted models routable in that group. */
  readonly byGroup: ReadonlyMap<string, readonly string[]>;
  /** Every model routable in some group, sorted. */
  readonly all: readonly string[];
  readonly allSet: ReadonlySet<string>;
  /** Routing names of every model some channel lists, enabled or not. */
  readonly known: ReadonlySet<string>;
}

const NO_MODELS: readonly string[] = Object.freeze([]);

/** The distinct enabled (group, model) pairs among `abilities`. */
function enabledPairs(abilities: readonly AbilityRow[]): AbilityRow[] {
  const seen = new Set<string>();
  const pairs: AbilityRow[] = [];
  for (const ability of abilities) {
    if (!ability.enabled) continue;
    const id = `${ability.group}\u0000${ability.model}`;
    if (seen.has(id)) continue;
    seen.add(id);
    pairs.push(ability);
  }
  return pairs;
}

/**
 * Derives the model lists from the snapshot itself: a pair is listed exactly when routing has a
 * tier for it, so `/v1/models` never offers a model that routing would refuse.
 */
function toState(snapshot: ChannelSnapshot, pairs: readonly AbilityRow[], abilities: readonly AbilityRow[] = pairs): StoreState {
  const byGroupSets = new Map<string, Set<string>>();
  const allSet = new Set<string>();
  for (const { group, model } of pairs) {
    if (snapshot.tiers(group, model).length === 0) continue;
    let models = byGroupSets.get(group);
    if (!models) byGroupSets.set(group, (models = new Set()));
    models.add(model);
    allSet.add(model);
  }
  const byGroup = new Map<string, readonly string[]>();
  for (const [group, models] of byGroupSets) byGroup.set(group, Object.freeze([...models].sort()));
  const known = new Set(abilities.map((ability) => routingModelName(ability.model)));
  return { snapshot, pairs, byGroup, all: Object.freeze([...allSet].sort()), allSet, known };
}

/**
 * Every channel and ability, held in memory as one immutable {@link ChannelSnapshot}, so routing
 * a request queries nothing. `start` loads both tables and subscribes to `channel.changed`;
 * each event reloads them in full (two queries in one repeatable-read transaction, so both see
 * the same moment; cheap next to an event rate of a few per minute), and events arriving while a reload runs collapse into exactly one
 * follow-up reload. A periodic full reload repairs the state after a lost event.
 *
 * The model lists (`/v1/models`, the 404-versus-503 decision) are derived from the same snapshot
 * once per change, never per request.
 */
export class ChannelStore {
  private state: StoreState = toState(buildChannelSnapshot([], []), []);
  private subscription: Subscription | undefined;
  private stopTimer: () => void = () => undefined;
  private running: Promise<void> | undefined;
  private reloadAgain = false;
  private loadsStarted = 0;
  private loadsDone = 0;
  /**
   * Channels this replica disabled, with the number of loads started at that moment. A load
   * started before the disable may have read the channel still enabled; its result keeps the
   * channel disabled until a load started afterwards (which sees the committed row) replaces it.
   */
  private readonly localDisables = new Map<number, number>();

  private counts = { enabled: 0, disabled: 0 };

  constructor(private readonly options: ChannelStoreOptions) {}

  /** Subscribes to `channel.changed` (when a bus is given), then loads both tables. */
  async start(bus?: MessageBus): Promise<void> {
    if (bus) {
      this.subscription = await bus.subscribe('modelgate.evt.config.channel.changed', (m) => {
        // Not awaited: the bus hands a subscription its events one at a time, so awaiting would
        // queue them and reload once per event instead of coalescing them.
        this.applyChange(m.payload).catch(() => undefined);
      });
    }
    await this.reload();
    this.stopTimer = startPeriodicReload(this.options.fullReloadIntervalMs, () => this.reload(), () => undefined);
  }

  /** Unsubscribes, stops the periodic reload and waits for a reload in progress. */
  async stop(): Promise<void> {
    this.stopTimer();
    await this.subscription?.unsubscribe();
    this.subscription = undefined;
    await this.running?.catch(() => undefined);
  }

  /** The current routing snapshot; replaced, never mutated, on every change. */
  snapshot(): ChannelSnapshot {
    return this.state.snapshot;
  }

  /**
   * Sorted distinct models that have an enabled ability on an enabled channel in `group`, or in
   * any group when `group` is empty.
   */
  models(group = ''): readonly string[] {
    return group === '' ? this.state.all : (this.state.byGroup.get(group) ?? NO_MODELS);
  }

  /**
   * Whether some channel lists `model` in any group, enabled or not (under its routing name, so
   * custom GPTs count as their wildcard). A request for a model no channel lists is answered 404
   * `model_not_found`; one that is configured but has no enabled channel in the caller's group
   * right now (disabled, auto-disabled, other groups only) gets the reference's 503.
   */
  knowsModel(model: string): boolean {
    return this.state.known.has(routingModelName(model));
  }

  /** Channels as last loaded, by whether they route (metrics). */
  channelCounts(): { enabled: number; disabled: number } {
    return { ...this.counts };
  }

  /** Loads that completed since start; lets tests and diagnostics tell a reload happened. */
  get generation(): number {
    return this.loadsDone;
  }

  /**
   * Takes a channel out of routing at once, right after this replica disabled it in the
   * database, instead of waiting for its own `channel.changed` to come back.
   */
  markDisabled(channelId: number): void {
    this.localDisables.set(channelId, this.loadsStarted);
    if (!this.state.snapshot.channel(channelId)?.enabled) return;
    const snapshot = this.state.snapshot.withChannelStatus(channelId, ChannelStatus.AutoDisabled);
    this.counts = { enabled: this.counts.enabled - 1, disabled: this.counts.disabled + 1 };
    this.state = toState(snapshot, this.state.pairs);
  }

  /** Applies a `channel.changed` event: a full reload, coalesced with any in progress. */
  applyChange(event: ChannelChanged): Promise<void> {
    this.options.logger.debug({ channelIds: event.channelIds, reason: event.reason }, 'channels changed');
    return this.reload();
  }

  /**
   * Reloads both tables. A call made while a reload runs is answered by one follow-up reload
   * started after the current one ends (shared by every call made meanwhile), so the promise
   * always settles on data read after the call. Rejects when the last attempt failed.
   */
  reload(): Promise<void> {
    if (this.running) {
      this.reloadAgain = true;
      return this.running;
    }
    this.running = this.drain();
    return this.running;
  }

  private async drain(): Promise<void> {
    let failure: unknown;
    try {
      do {
        this.reloadAgain = false;
        try {
          await this.load();
          failure = undefined;
        } catch (err) {
          failure = err;
          this.options.logger.warn({ err }, 'channel reload failed; keeping the previous channels');
        }
      } while (this.reloadAgain);
    } finally {
      // Cleared in the same turn as the last check of `reloadAgain`, so no call can join a
      // reload that has already decided to finish.
      this.running = undefined;
    }
    if (failure !== undefined) throw failure;
  }

  private async load(): Promise<void> {
    const seq = ++this.loadsStarted;
    const [channels, abilities] = await this.options.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const channelRows: ChannelRow[] = await manager.getRepository(ChannelEntity).find({ order: { id: 'ASC' } });
      const abilityRows: AbilityRow[] = await manager.getRepository(AbilityEntity).find({
        select: { group: true, model: true, channel_id: true, enabled: true },
      });
      return [channelRows, abilityRows] as const;
    });
    const rows = channels.map((row) => {
      const markedAt = this.localDisables.get(row.id);
      return markedAt !== undefined && markedAt >= seq && row.status === ChannelStatus.Enabled
        ? { ...row, status: ChannelStatus.AutoDisabled }
        : row;
    });
    for (const [id, markedAt] of this.localDisables) if (markedAt < seq) this.localDisables.delete(id);
    const snapshot = buildChannelSnapshot(rows, abilities);
    this.state = toState(snapshot, enabledPairs(abilities), abilities);
    const enabled = rows.filter((row) => row.status === ChannelStatus.Enabled).length;
    this.counts = { enabled, disabled: rows.length - enabled };
    this.loadsDone++;
    if (snapshot.problems.length > 0) {
      this.options.logger.warn({ problems: snapshot.problems }, 'some channel settings are unusable as stored');
    }
    this.options.logger.debug({ channels: channels.length, abilities: abilities.length }, 'channels loaded');
  }
}
