import { likePrefix, RedemptionStatus } from '@modelgate/db';
import { NotFoundError, PreconditionFailedError } from '@modelgate/runtime';
import type { DataSource, EntityManager } from 'typeorm';
import { updateReturning } from '../wallet/top-up-credit';
import { RedemptionMessage } from './redemption-messages';

/** One code as billing hands it out (every number a JS number). */
export interface RedemptionRow {
  id: number;
  user_id: number;
  key: string;
  status: number;
  name: string;
  quota: number;
  created_time: number;
  redeemed_time: number;
  used_user_id: number;
}

/** One page of codes. */
export interface RedemptionPageQuery {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Trimmed; empty for every code. */
  keyword: string;
}

/** A code just marked used: what it credits. */
export interface ClaimedRedemption {
  id: number;
  quota: number;
}

const COLUMNS = `id, user_id, key, status, name, quota, created_time, redeemed_time, used_user_id`;
/** Largest value of an `integer` id column. */
const MAX_ID = 2_147_483_647;

/** A raw row (pg returns bigint as a string) as numbers. */
function toRow(raw: Record<string, unknown>): RedemptionRow {
  return {
    id: Number(raw.id),
    user_id: Number(raw.user_id),
    key: String(raw.key),
    status: Number(raw.status),
    name: String(raw.name),
    quota: Number(raw.quota),
    created_time: Number(raw.created_time),
    redeemed_time: Number(raw.redeemed_time),
    used_user_id: Number(raw.used_user_id),
  };
}

const notFound = () => new NotFoundError(RedemptionMessage.notFound, { code: 'redemption_not_found' });

/**
 * The `redemptions` rows (billing owns the table). Every state change is one conditional UPDATE
 * (`… WHERE status …`), so an edit, a status change and a redemption racing on one code are
 * applied one after the other by the row lock, each only if the code is still in a state that
 * allows it: a redeemed code is never edited, re-enabled or redeemed again.
 */
export class RedemptionStore {
  constructor(private readonly dataSource: DataSource) {}

  /** One page of live codes, highest id first, and the number matching in all. */
  async page(query: RedemptionPageQuery): Promise<{ items: RedemptionRow[]; total: number }> {
    const conditions = ['deleted_at IS NULL'];
    const parameters: unknown[] = [];
    if (query.keyword !== '') {
      parameters.push(likePrefix(query.keyword));
      const matches = [`name ILIKE $${parameters.length}`];
      const id = /^\d{1,10}$/.test(query.keyword) ? Number(query.keyword) : undefined;
      if (id !== undefined && id <= MAX_ID) {
        parameters.push(id);
        matches.push(`id = $${parameters.length}`);
      }
      conditions.push(`(${matches.join(' OR ')})`);
    }
    const where = conditions.join(' AND ');
    const [countRows, rows] = await Promise.all([
      this.dataSource.query(`SELECT count(*) AS total FROM redemptions WHERE ${where}`, parameters),
      this.dataSource.query(
        `SELECT ${COLUMNS} FROM redemptions WHERE ${where} ORDER BY id DESC
          LIMIT $${parameters.length + 1} OFFSET $${parameters.length + 2}`,
        [...parameters, query.pageSize, (query.page - 1) * query.pageSize],
      ),
    ]);
    return { items: (rows as Array<Record<string, unknown>>).map(toRow), total: Number(countRows[0]?.total ?? 0) };
  }

  /** A live code; NOT_FOUND otherwise. */
  async get(id: number): Promise<RedemptionRow> {
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM redemptions WHERE id = $1 AND deleted_at IS NULL`,
      [id],
    );
    if (!rows[0]) throw notFound();
    return toRow(rows[0]);
  }

  /** Inserts unused codes with the given keys, in one statement (all or none). */
  async create(creatorId: number, name: string, quota: number, keys: string[]): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO redemptions (user_id, key, status, name, quota, created_time)
       SELECT $1, new_key, $2, $3, $4, extract(epoch from now())::bigint FROM unnest($5::varchar[]) AS new_key`,
      [creatorId, RedemptionStatus.Unused, name, quota, keys],
    );
  }

  /** Renames and re-prices a code not yet redeemed. */
  async update(id: number, name: string, quota: number): Promise<RedemptionRow> {
    const rows = await updateReturning<Record<string, unknown>>(
      this.dataSource.manager,
      `UPDATE redemptions SET name = $2, quota = $3
        WHERE id = $1 AND deleted_at IS NULL AND status <> $4
        RETURNING ${COLUMNS}`,
      [id, name, quota, RedemptionStatus.Used],
    );
    if (rows[0]) return toRow(rows[0]);
    await this.get(id);
    throw new PreconditionFailedError(RedemptionMessage.usedCannotEdit, { code: 'redemption_used' });
  }

  /** Enables or disables a code not yet redeemed. */
  async setStatus(id: number, status: number): Promise<RedemptionRow> {
    const rows = await updateReturning<Record<string, unknown>>(
      this.dataSource.manager,
      `UPDATE redemptions SET status = $2
        WHERE id = $1 AND deleted_at IS NULL AND status <> $3
        RETURNING ${COLUMNS}`,
      [id, status, RedemptionStatus.Used],
    );
    if (rows[0]) return toRow(rows[0]);
    await this.get(id);
    throw new PreconditionFailedError(RedemptionMessage.usedCannotChangeStatus, { code: 'redemption_used' });
  }

  /** Soft-deletes a live code. */
  async delete(id: number): Promise<void> {
    const rows = await updateReturning<{ id: number }>(
      this.dataSource.manager,
      `UPDATE redemptions SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING id`,
      [id],
    );
    if (!rows[0]) throw notFound();
  }

  /**
   * Marks the unused, enabled code with this key as used by `userId`, inside the caller's
   * transaction. Exactly one of any number of concurrent claims of one key succeeds: the UPDATE's
   * condition is re-checked on the locked row. Refusals say why (unknown, used, disabled).
   */
  async claim(manager: EntityManager, key: string, userId: number): Promise<ClaimedRedemption> {
    const rows = await updateReturning<{ id: number; quota: string }>(
      manager,
      `UPDATE redemptions
          SET status = $3, used_user_id = $2, redeemed_time = extract(epoch from now())::bigint
        WHERE key = $1 AND status = $4 AND deleted_at IS NULL
        RETURNING id, quota`,
      [key, userId, RedemptionStatus.Used, RedemptionStatus.Unused],
    );
    const row = rows[0];
    if (row) return { id: Number(row.id), quota: Number(row.quota) };
    const found: Array<{ status: number }> = await manager.query(
      `SELECT status FROM redemptions WHERE key = $1 AND deleted_at IS NULL`,
      [key],
    );
    const status = found[0]?.status;
    if (status === undefined) throw new NotFoundError(RedemptionMessage.invalidKey, { code: 'invalid_redemption_key' });
    if (status === RedemptionStatus.Disabled) {
      throw new PreconditionFailedError(RedemptionMessage.disabled, { code: 'redemption_disabled' });
    }
    throw new PreconditionFailedError(RedemptionMessage.alreadyUsed, { code: 'redemption_used' });
  }
}
