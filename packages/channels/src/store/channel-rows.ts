import { CHANNEL_FIELD_NAMES, CHANNEL_FIELDS, type ChannelFieldSpec } from '@modelgate/channel-types';
import { ChannelEntity } from '@modelgate/db';
import { NotFoundError, PreconditionFailedError, ValidationError } from '@modelgate/runtime';
import { type EntityManager, In } from 'typeorm';
import { ChannelMessage } from '../channel-messages';
import type { ChannelConfig } from '../input/channel-fields';
import { ChannelLimits } from '../input/channel-fields';

/**
 * The configuration columns of a stored row, as the writers compare and edit them: every field
 * of the channel field list, a null in a column the list does not call nullable read as empty.
 */
export function configOf(row: ChannelEntity): ChannelConfig {
  const config: Record<string, unknown> = {};
  for (const name of CHANNEL_FIELD_NAMES) {
    const spec: ChannelFieldSpec = CHANNEL_FIELDS[name];
    config[name] = spec.nullable ? row[name] : (row[name] ?? '');
  }
  return config as ChannelConfig;
}

/** A channel id as a write names it: a positive 32-bit integer. */
export function checkChannelId(id: unknown): number {
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > ChannelLimits.maxInt32) {
    throw new ValidationError(ChannelMessage.invalidId, { code: 'invalid_channel_id' });
  }
  return id;
}

/** A channel id from a wire field that carries it as decimal text (gRPC int64). */
export function channelIdFromText(text: string): number {
  return checkChannelId(/^\d{1,10}$/.test(text) ? Number(text) : Number.NaN);
}

/** Distinct valid ids of a batch call; `emptyMessage` when there are none. */
export function checkChannelIds(ids: unknown, emptyMessage: string): number[] {
  if (!Array.isArray(ids) || ids.length === 0) throw new ValidationError(emptyMessage, { code: 'no_channels_selected' });
  if (ids.length > ChannelLimits.idsPerBatch) {
    throw new ValidationError(ChannelMessage.tooManyIds(ChannelLimits.idsPerBatch), { code: 'too_many_channels' });
  }
  return [...new Set(ids.map(checkChannelId))];
}

/** Locks one channel row for the rest of the transaction; NotFound when there is none. */
export async function lockChannel(manager: EntityManager, id: number): Promise<ChannelEntity> {
  const row = await manager.getRepository(ChannelEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  if (!row) throw new NotFoundError(ChannelMessage.channelNotFound, { code: 'channel_not_found' });
  return row;
}

/**
 * Locks the rows of `ids` that exist, in id order (the one lock order every writer uses, the
 * relay's auto-disable included, so concurrent batches cannot deadlock).
 */
export async function lockChannels(manager: EntityManager, ids: readonly number[]): Promise<ChannelEntity[]> {
  return manager.getRepository(ChannelEntity).find({
    where: { id: In([...ids]) },
    order: { id: 'ASC' },
    lock: { mode: 'pessimistic_write' },
  });
}

/** Locks every channel carrying `tag`, in id order. */
export async function lockTag(manager: EntityManager, tag: string): Promise<ChannelEntity[]> {
  return manager.getRepository(ChannelEntity).find({
    where: { tag },
    order: { id: 'ASC' },
    lock: { mode: 'pessimistic_write' },
  });
}

/** The refusal for a change the console may not make to a channel managed elsewhere. */
export function managedError(row: Pick<ChannelEntity, 'id' | 'external_ref'>): PreconditionFailedError {
  return new PreconditionFailedError(ChannelMessage.managedExternally(row.id, row.external_ref ?? ''), {
    code: 'channel_managed_externally',
    details: { channelId: row.id, externalRef: row.external_ref },
  });
}

/** Refuses when any of `rows` is managed by an external resource. */
export function refuseManaged(rows: ReadonlyArray<Pick<ChannelEntity, 'id' | 'external_ref'>>): void {
  const managed = rows.find((row) => isManaged(row));
  if (managed) throw managedError(managed);
}

/** True for a row whose configuration an external resource (Kubernetes) owns. */
export function isManaged(row: Pick<ChannelEntity, 'external_ref'>): boolean {
  return row.external_ref !== null && row.external_ref !== '';
}
