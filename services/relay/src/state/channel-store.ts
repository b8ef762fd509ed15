import type { ChannelChanged, MessageBus } from '@modelgate/contracts/bus';
import { ChannelEntity, ChannelStatus } from '@modelgate/db';
import type { Logger, Subscription } from '@modelgate/runtime';
import type { DataSource, EntityManager } from 'typeorm';
import { type AbilityRow, buildChannelSnapshot, type ChannelRow, type ChannelSnapshot, emptyChannelSnapshot } from '../routing/channel-snapshot';
import { bucketDigestsSql, bucketOf, bucketSql, FingerprintBook, type PrintRow } from './fingerprint-book';
import { startPeriodicReload } from './periodic-reload';

/** Options of {@link ChannelStore}. */
export interface ChannelStoreOptions {
  dataSource: DataSource;
  logger: Logger;
  /** Full reload period, a safety net for lost events (at-most-once bus); 0 disables. Default 5 min. */
  fullReloadIntervalMs?: number;
}

/** Drops the columns that change with traffic (usage, tests, balances) from a channel's fingerprint. */
const VOLATILE_COLUMNS = ['used_quota', 'test_time', 'response_time', 'balance', 'balance_updated_time']
  .map((column) => ` - '${column}'`)
  .join('');
const CHANNEL_PRINTS = `SELECT id, md5((to_jsonb(c)${VOLATILE_COLUMNS})::text) AS fp FROM channels c`;
/** The abilities' fingerprint per channel, of the channels `where` selects (by `channel_id`). */
const abilityPrintsSql = (where: string) =>
  `SELECT channel_id AS id, md5(string_agg("group" || chr(31) || model || chr(31) || enabled::text, chr(30)
  ORDER BY "group", model)) AS fp FROM abilities ${where} GROUP BY channel_id`;
const CHANNEL_BUCKETS = bucketDigestsSql(CHANNEL_PRINTS);
const ABILITY_BUCKETS = bucketDigestsSql(abilityPrintsSql(''));
const ABILITY_COLUMNS = 'SELECT "group", model, channel_id, enabled FROM abilities';

/** What one load read: the channels it looked at, their rows and abilities, and their fingerprints. */
interface LoadResult {
  readonly ids: readonly number[];
  readonly rows: readonly ChannelRow[];
  readonly abilities: readonly AbilityRow[];
  readonly channelPrints: readonly PrintRow[];
  readonly abilityPrints: readonly PrintRow[];
}

/**
 * Every channel and ability, held in memory as one immutable {@link ChannelSnapshot}, so routing
 * a request queries nothing. `start` loads both tables and subscribes to `channel.changed`; an
 * event re-reads only the channels it names (their rows and abilities, in one repeatable-read
 * transaction) and applies them to the snapshot, which shares everything else with the previous
 * one: one channel's change among 10,000 costs about what it costs among ten. Events arriving
 * while a load runs collapse into one follow-up load. An event naming no channel, and the periodic
 * safety net for lost events, compare a fingerprint of every channel's routing columns and of its
 * abilities (computed by PostgreSQL) with the ones held, and re-read only the channels that differ:
 * first one digest per bucket of fingerprints, then the fingerprints of the buckets that differ,
 * so a comparison that finds little reads a few hundred rows, not two per channel.
 */
export class ChannelStore {
  private current: ChannelSnapshot = emptyChannelSnapshot();
  private readonly channelPrints = new FingerprintBook();
  private readonly abilityPrints = new FingerprintBook();
  private subscription: Subscription | undefined;
  private stopTimer: () => void = () => undefined;
  private running: Promise<void> | undefined;
  private compareAll = true;
  private readonly pendingIds = new Set<number>();
  private loadsStarted = 0;
  private loadsDone = 0;
  /**
   * Channels this replica disabled, with the number of loads started at that moment. A load
   * started before the disable may have read the channel still enabled; its result keeps the
   * channel disabled until a load started afterwards (which reads the row again) replaces it.
   */
  private readonly localDisables = new Map<number, number>();

  constructor(private readonly options: ChannelStoreOptions) {}

  /** Subscribes to `channel.changed` (when a bus is given), then loads both tables. */
  async start(bus?: MessageBus): Promise<void> {
    if (bus) {
      this.subscription = await bus.subscribe('modelgate.evt.config.channel.changed', (m) => {
        // Not awaited: the bus hands a subscription its events one at a time, so awaiting would
        // queue them and load once per event instead of coalescing them.
        this.applyChange(m.payload).catch(() => undefined);
      });
    }
    await this.reload();
    this.stopTimer = startPeriodicReload(this.options.fullReloadIntervalMs, () => this.reload(), () => undefined);
  }

  /** Unsubscribes, stops the periodic reload and waits for a load in progress. */
  async stop(): Promise<void> {
    this.stopTimer();
    await this.subscription?.unsubscribe();
    this.subscription = undefined;
    await this.running?.catch(() => undefined);
  }

  /** The current routing snapshot; replaced, never mutated, on every change. */
  snapshot(): ChannelSnapshot {
    return this.current;
  }

  /**
   * Sorted distinct models that have an enabled ability on an enabled channel in `group`, or in
   * any group when `group` is empty.
   */
  models(group = ''): readonly string[] {
    return this.current.models(group);
  }

  /**
   * Whether some channel lists `model` in any group, enabled or not (under its routing name, so
   * custom GPTs count as their wildcard). A request for a model no channel lists is answered 404
   * `model_not_found`; one that is configured but has no enabled channel in the caller's group
   * right now (disabled, auto-disabled, other groups only) gets the reference's 503.
   */
  knowsModel(model: string): boolean {
    return this.current.knowsModel(model);
  }

  /** Channels as last loaded, by whether they route (metrics; read at scrape time). */
  channelCounts(): { enabled: number; disabled: number } {
    const { channelCount, enabledCount } = this.current;
    return { enabled: enabledCount, disabled: channelCount - enabledCount };
  }

  /** Loads that completed since start; lets tests and diagnostics tell a load happened. */
  get generation(): number {
    return this.loadsDone;
  }

  /**
   * Takes a channel out of routing at once, right after this replica disabled it in the
   * database, instead of waiting for its own `channel.changed` to come back.
   */
  markDisabled(channelId: number): void {
    this.localDisables.set(channelId, this.loadsStarted);
    if (!this.current.channel(channelId)?.enabled) return;
    this.current = this.current.withChannelStatus(channelId, ChannelStatus.AutoDisabled);
  }

  /** Applies a `channel.changed` event: re-reads the named channels (compares all when none are named). */
  applyChange(event: ChannelChanged): Promise<void> {
    this.options.logger.debug({ channelIds: event.channelIds, reason: event.reason }, 'channels changed');
    if (event.channelIds.length === 0) this.compareAll = true;
    for (const id of event.channelIds) this.pendingIds.add(id);
    return this.schedule();
  }

  /**
   * Compares every channel with the database and re-reads those that differ. A call made while a
   * load runs is answered by one follow-up load started after the current one ends (shared by
   * every call made meanwhile), so the promise always settles on data read after the call.
   * Rejects when the last attempt failed.
   */
  reload(): Promise<void> {
    this.compareAll = true;
    return this.schedule();
  }

  private schedule(): Promise<void> {
    if (!this.running) this.running = this.drain();
    return this.running;
  }

  private async drain(): Promise<void> {
    let failure: unknown;
    try {
      while (this.compareAll || this.pendingIds.size > 0) {
        const compareAll = this.compareAll;
        const ids = new Set(this.pendingIds);
        this.compareAll = false;
        this.pendingIds.clear();
        try {
          await this.load(compareAll, ids);
          failure = undefined;
        } catch (err) {
          failure = err;
          if (compareAll) this.compareAll = true;
          for (const id of ids) this.pendingIds.add(id);
          this.options.logger.warn({ err }, 'channel reload failed; keeping the previous channels');
          break;
        }
      }
    } finally {
      // Cleared in the same turn as the last check of the pending work, so no call can join a
      // load that has already decided to finish.
      this.running = undefined;
    }
    if (failure !== undefined) throw failure;
  }

  private async load(compareAll: boolean, ids: Set<number>): Promise<void> {
    const seq = ++this.loadsStarted;
    // Channels this replica disabled before this load started: read again, the table decides.
    for (const [id, markedAt] of this.localDisables) if (markedAt < seq) ids.add(id);
    const first = this.loadsDone === 0 && this.channelPrints.size === 0;
    const read = await this.options.dataSource.transaction('REPEATABLE READ', (manager) =>
      this.read(manager, compareAll, first, ids),
    );
    const rows = read.rows.map((row) => {
      const markedAt = this.localDisables.get(row.id);
      return markedAt !== undefined && markedAt >= seq && row.status === ChannelStatus.Enabled
        ? { ...row, status: ChannelStatus.AutoDisabled }
        : row;
    });
    for (const [id, markedAt] of this.localDisables) if (markedAt < seq) this.localDisables.delete(id);
    for (const id of read.ids) {
      this.channelPrints.delete(id);
      this.abilityPrints.delete(id);
    }
    for (const { id, fp } of read.channelPrints) this.channelPrints.set(id, fp);
    for (const { id, fp } of read.abilityPrints) this.abilityPrints.set(id, fp);
    if (first) {
      this.channelPrints.digestAll();
      this.abilityPrints.digestAll();
    }
    this.loadsDone++;
    if (read.ids.length === 0 && !first) return; // nothing differs: the snapshot stays as it is
    const change = { ids: read.ids, rows, abilities: read.abilities };
    const snapshot = first ? buildChannelSnapshot(rows, read.abilities) : this.current.withChanges(change);
    this.current = snapshot;
    const changed = new Set(read.ids);
    const problems = snapshot.problems.filter((problem) => changed.has(problem.channelId));
    if (problems.length > 0) this.options.logger.warn({ problems }, 'some channel settings are unusable as stored');
    this.options.logger.debug({ channels: rows.length, abilities: read.abilities.length }, 'channels loaded');
  }

  /** Reads, in one transaction, the fingerprints to compare (all or the named ids), then the rows that differ. */
  private async read(manager: EntityManager, compareAll: boolean, first: boolean, named: Set<number>): Promise<LoadResult> {
    const ids = new Set(named);
    const { channelPrints, abilityPrints } = compareAll
      ? await this.compareBuckets(manager, named, ids)
      : {
          channelPrints: (await manager.query(`${CHANNEL_PRINTS} WHERE id = ANY($1)`, [[...named]])) as PrintRow[],
          abilityPrints: (await manager.query(abilityPrintsSql('WHERE channel_id = ANY($1)'), [[...named]])) as PrintRow[],
        };
    if (ids.size === 0 && !first) return { ids: [], rows: [], abilities: [], channelPrints: [], abilityPrints: [] };
    const list = [...ids];
    const rows: ChannelRow[] = first
      ? await manager.getRepository(ChannelEntity).find({ order: { id: 'ASC' } })
      : await manager.getRepository(ChannelEntity).createQueryBuilder('c').where('c.id = ANY(:ids)', { ids: list }).orderBy('c.id').getMany();
    const abilities: AbilityRow[] = first
      ? await manager.query(ABILITY_COLUMNS)
      : await manager.query(`${ABILITY_COLUMNS} WHERE channel_id = ANY($1)`, [list]);
    if (first) for (const row of rows) ids.add(row.id);
    const keep = (prints: PrintRow[]) => (compareAll ? prints.filter((p) => ids.has(p.id)) : prints);
    return { ids: [...ids], rows, abilities, channelPrints: keep(channelPrints), abilityPrints: keep(abilityPrints) };
  }

  /**
   * Compares every channel with the ones held: reads each bucket's digest of the channel and
   * ability fingerprints, then both fingerprints of every bucket that differs in either (and of
   * the named channels' buckets), so each id the load re-reads has both its fingerprints at hand,
   * and adds the ids that differ to `ids`.
   */
  private async compareBuckets(
    manager: EntityManager,
    named: ReadonlySet<number>,
    ids: Set<number>,
  ): Promise<{ channelPrints: PrintRow[]; abilityPrints: PrintRow[] }> {
    const channelBuckets = this.channelPrints.differingBuckets(await manager.query(CHANNEL_BUCKETS));
    const abilityBuckets = this.abilityPrints.differingBuckets(await manager.query(ABILITY_BUCKETS));
    const buckets = [...new Set([...channelBuckets, ...abilityBuckets, ...[...named].map(bucketOf)])];
    if (buckets.length === 0) return { channelPrints: [], abilityPrints: [] };
    const channelPrints: PrintRow[] = await manager.query(`${CHANNEL_PRINTS} WHERE ${bucketSql('id')} = ANY($1)`, [buckets]);
    const abilityPrints: PrintRow[] = await manager.query(abilityPrintsSql(`WHERE ${bucketSql('channel_id')} = ANY($1)`), [buckets]);
    this.channelPrints.changedIn(channelBuckets, channelPrints, ids);
    this.abilityPrints.changedIn(abilityBuckets, abilityPrints, ids);
    return { channelPrints, abilityPrints };
  }
}
