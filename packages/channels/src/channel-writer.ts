import type { MessageBus } from '@modelgate/contracts/bus';
import { ChannelEntity, ChannelSource, ChannelStatus } from '@modelgate/db';
import { type Logger, NotFoundError, ValidationError } from '@modelgate/runtime';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { ChannelMessage } from './channel-messages';
import { changedFields, editedChannelConfig, newChannelConfigs } from './input/channel-config';
import { type ChannelConfig, normaliseChannelFields } from './input/channel-fields';
import { checkTag, normaliseTagEdit } from './input/tag-edit';
import { rebuildAbilities, rebuildAllAbilities } from './store/abilities';
import {
  checkChannelId,
  checkChannelIds,
  configOf,
  lockChannel,
  lockChannels,
  lockTag,
  managedError,
  refuseManaged,
} from './store/channel-rows';

/** What {@link ChannelWriter} needs. */
export interface ChannelWriterDeps {
  dataSource: DataSource;
  /** Where `modelgate.evt.config.channel.changed` goes after each committed write. */
  bus: Pick<MessageBus, 'publish'>;
  logger: Logger;
  /** Unix seconds; the clock by default. */
  now?: () => number;
}

/** The reason a `channel.changed` event names. */
export type ChannelChangeReason =
  | 'created'
  | 'updated'
  | 'deleted'
  | 'tagged'
  | 'tag-edited'
  | 'tag-status'
  | 'abilities-rebuilt'
  | 'disabled-deleted'
  | 'external-synced'
  | 'external-deleted';

/** One write's outcome: the channels it touched (for the event) and what the caller gets back. */
export interface WriteOutcome<T> {
  channelIds: number[];
  result: T;
}

/** Who makes an admin edit, for the rules that depend on it. */
export interface ChannelEditor {
  /**
   * A super admin (root). Only a root may point a channel elsewhere — change its base URL or
   * type — and keep its key: the key is root-only (`GET /api/channel/:id?with_key=true`), and an
   * admin who could retarget a channel holding it could have it sent to a server of their own.
   */
  readonly root: boolean;
}

/** An edit by nobody in particular: held to the non-root rules. */
const NOT_ROOT: ChannelEditor = Object.freeze({ root: false });

/** Columns that decide where a channel's key is sent. */
const TARGET_FIELDS: ReadonlySet<keyof ChannelConfig> = new Set(['base_url', 'type']);

/** Configuration columns whose change alters the channel's abilities. */
const ROUTING_FIELDS: ReadonlySet<keyof ChannelConfig> = new Set(['models', 'group', 'status', 'priority', 'weight', 'tag']);

/**
 * The one way channels are written, by the console's channel administration (through relay) and
 * by the Kubernetes operator (see {@link ExternalChannelWriter}). Every write changes the channel
 * rows and their abilities in ONE transaction, with the rows locked in id order, then announces
 * the touched ids on `modelgate.evt.config.channel.changed` so every relay reloads.
 *
 * The admin entry points refuse any change to a channel an external resource manages
 * (`external_ref` set) except enabling or disabling it.
 */
export class ChannelWriter {
  protected readonly now: () => number;

  constructor(protected readonly deps: ChannelWriterDeps) {
    this.now = deps.now ?? (() => Math.floor(Date.now() / 1000));
  }

  /**
   * Creates channels from the console's fields: one per line of a multi-line key, all in one
   * transaction. Returns the new rows, in id order.
   */
  async create(fields: unknown): Promise<ChannelEntity[]> {
    const configs = newChannelConfigs(fields);
    const createdTime = this.now();
    return this.write('created', async (manager) => {
      const repository = manager.getRepository(ChannelEntity);
      const inserted = await repository.insert(
        configs.map((config) => ({ ...config, created_time: createdTime, source: ChannelSource.Console, external_ref: null })),
      );
      const ids = inserted.identifiers.map((identifier) => Number(identifier.id));
      await rebuildAbilities(manager, ids);
      const rows = await repository.find({ where: { id: In(ids) }, order: { id: 'ASC' } });
      return { channelIds: ids, result: rows };
    });
  }

  /**
   * Edits one channel: absent or empty fields stay as they are, the key changes only when a
   * non-empty one is sent. A channel managed elsewhere may only have its status changed. An edit
   * that changes the base URL or the type must carry a new key unless `editor` is a root (see
   * {@link ChannelEditor}); it is refused otherwise, and nothing is written. Writing what is
   * already stored changes nothing and announces nothing. Returns the row.
   */
  async update(id: number, fields: unknown, editor: ChannelEditor = NOT_ROOT): Promise<ChannelEntity> {
    const channelId = checkChannelId(id);
    const patch = normaliseChannelFields(fields);
    return this.write('updated', async (manager) => {
      const row = await lockChannel(manager, channelId);
      const current = configOf(row);
      const next = editedChannelConfig(current, patch);
      const changed = changedFields(current, next);
      if (row.external_ref && changed.some((field) => field !== 'status')) throw managedError(row);
      if (changed.length === 0) return { channelIds: [], result: row };
      if (!editor.root && patch.key === undefined && changed.some((field) => TARGET_FIELDS.has(field))) {
        throw new ValidationError(ChannelMessage.keyRequiredOnRetarget, { code: 'key_required_on_retarget' });
      }
      const values = Object.fromEntries(changed.map((field) => [field, next[field]])) as Partial<ChannelConfig>;
      await manager.getRepository(ChannelEntity).update({ id: channelId }, values);
      if (changed.some((field) => ROUTING_FIELDS.has(field))) await rebuildAbilities(manager, [channelId]);
      return { channelIds: [channelId], result: { ...row, ...values } };
    });
  }

  /** Enables (1) or disables (2) one channel; allowed for externally managed channels too. */
  setStatus(id: number, status: typeof ChannelStatus.Enabled | typeof ChannelStatus.ManuallyDisabled): Promise<ChannelEntity> {
    return this.update(id, { status });
  }

  /** Deletes one channel and its abilities. */
  async delete(id: number): Promise<void> {
    const channelId = checkChannelId(id);
    await this.write('deleted', async (manager) => {
      const row = await lockChannel(manager, channelId);
      refuseManaged([row]);
      await manager.getRepository(ChannelEntity).delete({ id: channelId });
      await rebuildAbilities(manager, [channelId]);
      return { channelIds: [channelId], result: undefined };
    });
  }

  /** Deletes the named channels (those that exist); returns how many were deleted. */
  async deleteMany(ids: unknown): Promise<number> {
    const channelIds = checkChannelIds(ids, ChannelMessage.batchDeleteNeedsSelection);
    return this.write('deleted', async (manager) => {
      const rows = await lockChannels(manager, channelIds);
      refuseManaged(rows);
      const found = rows.map((row) => row.id);
      if (found.length > 0) await manager.getRepository(ChannelEntity).delete({ id: In(found) });
      await rebuildAbilities(manager, found);
      return { channelIds: found, result: found.length };
    });
  }

  /** Sets `tag` on the named channels (those that exist); returns how many were tagged. */
  async tagMany(ids: unknown, tag: unknown): Promise<number> {
    const channelIds = checkChannelIds(ids, ChannelMessage.batchTagNeedsSelection);
    const newTag = checkTag(tag);
    return this.write('tagged', async (manager) => {
      const rows = await lockChannels(manager, channelIds);
      refuseManaged(rows);
      const found = rows.map((row) => row.id);
      if (found.length > 0) await manager.getRepository(ChannelEntity).update({ id: In(found) }, { tag: newTag });
      await rebuildAbilities(manager, found);
      return { channelIds: found, result: found.length };
    });
  }

  /**
   * Edits every channel of `tag` (spec §5 tag rules): a new tag (empty dissolves it), model
   * mapping, models, groups, priority or weight, each overwriting the channels' own values.
   * Returns how many channels were edited.
   */
  async editTag(tag: unknown, edit: unknown): Promise<number> {
    const name = checkTag(tag);
    const values = normaliseTagEdit(name, edit);
    return this.write('tag-edited', async (manager) => {
      const rows = await this.lockExistingTag(manager, name);
      refuseManaged(rows);
      const ids = rows.map((row) => row.id);
      await manager.getRepository(ChannelEntity).update({ id: In(ids) }, values);
      await rebuildAbilities(manager, ids);
      return { channelIds: ids, result: ids.length };
    });
  }

  /** Enables or disables every channel of `tag`; returns how many channels it holds. */
  async setTagStatus(tag: unknown, enabled: boolean): Promise<number> {
    const name = checkTag(tag);
    const status = enabled ? ChannelStatus.Enabled : ChannelStatus.ManuallyDisabled;
    return this.write('tag-status', async (manager) => {
      const rows = await this.lockExistingTag(manager, name);
      const ids = rows.map((row) => row.id);
      await manager.getRepository(ChannelEntity).update({ id: In(ids) }, { status });
      await rebuildAbilities(manager, ids);
      return { channelIds: ids, result: ids.length };
    });
  }

  /**
   * Rebuilds the whole abilities table from the channels (orphans removed, missing rows added,
   * copies of status/priority/weight/tag refreshed). Returns the channel and ability counts.
   */
  async fixAbilities(): Promise<{ channels: number; abilities: number }> {
    return this.write('abilities-rebuilt', async (manager) => {
      const rows: Array<{ id: number }> = await manager.query(`SELECT id FROM channels ORDER BY id FOR UPDATE`);
      const abilities = await rebuildAllAbilities(manager);
      return { channelIds: rows.map((row) => row.id), result: { channels: rows.length, abilities } };
    });
  }

  /**
   * Deletes every disabled channel (status 2 and 3) the console manages; channels managed by an
   * external resource stay (their resource would bring them back). Returns how many were deleted.
   */
  async deleteDisabled(): Promise<number> {
    return this.write('disabled-deleted', async (manager) => {
      const rows: Array<{ id: number }> = await manager.query(
        `SELECT id FROM channels WHERE status IN ($1, $2) AND external_ref IS NULL ORDER BY id FOR UPDATE`,
        [ChannelStatus.ManuallyDisabled, ChannelStatus.AutoDisabled],
      );
      const ids = rows.map((row) => row.id);
      if (ids.length > 0) await manager.getRepository(ChannelEntity).delete({ id: In(ids) });
      await rebuildAbilities(manager, ids);
      return { channelIds: ids, result: ids.length };
    });
  }

  private async lockExistingTag(manager: EntityManager, tag: string): Promise<ChannelEntity[]> {
    const rows = await lockTag(manager, tag);
    if (rows.length === 0) throw new NotFoundError(ChannelMessage.tagNotFound, { code: 'tag_not_found' });
    return rows;
  }

  /**
   * Runs `work` in one transaction; once it committed, announces the channels it touched (none:
   * nothing is announced). A failed announcement is logged, not thrown: the write stands, and
   * relays catch up on their periodic full reload.
   */
  protected async write<T>(reason: ChannelChangeReason, work: (manager: EntityManager) => Promise<WriteOutcome<T>>): Promise<T> {
    const outcome = await this.deps.dataSource.transaction(work);
    if (outcome.channelIds.length > 0 || reason === 'abilities-rebuilt') {
      await this.deps.bus
        .publish('modelgate.evt.config.channel.changed', { channelIds: outcome.channelIds, reason })
        .catch((err: unknown) => this.deps.logger.warn({ err, reason }, 'cannot announce a channel change'));
    }
    return outcome.result;
  }
}
