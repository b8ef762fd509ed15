import { likeContains, TokenEntity } from '@modelgate/db';
import { NotFoundError } from '@modelgate/runtime';
import type { DataSource, EntityManager } from 'typeorm';
import { TokenMessage } from './token-messages';

/** One page of a user's tokens. */
export interface TokenPageQuery {
  userId: number;
  /** 0-based. */
  page: number;
  pageSize: number;
  /** Trimmed; empty for no name filter. */
  keyword: string;
  /** Without `sk-`; empty for no key filter. */
  key: string;
}

/**
 * The columns of a token identity reads and writes: everything but the balance columns
 * (`remain_quota`, `used_quota`), which are billing's (ADR 0002).
 */
export const TOKEN_COLUMNS = [
  'id',
  'user_id',
  'key',
  'status',
  'name',
  'created_time',
  'accessed_time',
  'expired_time',
  'unlimited_quota',
  'model_limits_enabled',
  'model_limits',
  'allow_ips',
  'group',
  'rate_limit_rpm',
  'rate_limit_tpm',
] as const satisfies ReadonlyArray<keyof TokenEntity>;

/** A token as identity holds it: its metadata and switch, never its balance. */
export type TokenRecord = Pick<TokenEntity, (typeof TOKEN_COLUMNS)[number]>;

/** TypeORM's `select` of {@link TOKEN_COLUMNS}. */
const SELECT = Object.fromEntries(TOKEN_COLUMNS.map((column) => [column, true])) as Record<(typeof TOKEN_COLUMNS)[number], true>;

/** The settings of a new token (the key and name chosen per token; the budget is billing's). */
export type NewTokenSettings = Pick<
  TokenEntity,
  | 'expired_time'
  | 'unlimited_quota'
  | 'model_limits_enabled'
  | 'model_limits'
  | 'allow_ips'
  | 'group'
  | 'rate_limit_rpm'
  | 'rate_limit_tpm'
>;

/** The metadata columns an edit writes. */
export type TokenChange = Partial<
  Pick<
    TokenEntity,
    | 'name'
    | 'status'
    | 'expired_time'
    | 'unlimited_quota'
    | 'model_limits_enabled'
    | 'model_limits'
    | 'allow_ips'
    | 'group'
    | 'rate_limit_rpm'
    | 'rate_limit_tpm'
  >
>;

const notFound = () => new NotFoundError(TokenMessage.notFound, { code: 'token_not_found' });

/**
 * The `tokens` rows token management reads and writes. Every query is scoped to the owner and to
 * live (not deleted) rows, so another user's token and a deleted one are simply not found.
 * Changes to one token run in a transaction holding its row lock, so two edits of the same token
 * apply one after the other, each on the current row.
 */
export class TokenStore {
  constructor(private readonly dataSource: DataSource) {}

  /** The user's live token `id`. */
  async find(userId: number, id: number): Promise<TokenRecord> {
    const token = await this.dataSource.getRepository(TokenEntity).findOne({ select: SELECT, where: { id, user_id: userId } });
    if (!token) throw notFound();
    return token;
  }

  /** One page of the user's live tokens, highest id first, and the number matching in all. */
  async page(query: TokenPageQuery): Promise<{ items: TokenRecord[]; total: number }> {
    const builder = this.dataSource
      .getRepository(TokenEntity)
      .createQueryBuilder('t')
      .select(TOKEN_COLUMNS.map((column) => `t.${column}`))
      .where('t.user_id = :userId', { userId: query.userId });
    if (query.keyword !== '') builder.andWhere('t.name ILIKE :name', { name: likeContains(query.keyword) });
    if (query.key !== '') builder.andWhere('t.key LIKE :key', { key: likeContains(query.key) });
    const [items, total] = await builder
      .orderBy('t.id', 'DESC')
      .skip(query.page * query.pageSize)
      .take(query.pageSize)
      .getManyAndCount();
    return { items, total };
  }

  /**
   * Inserts one token per name, all in one transaction, with the given keys; returns them in
   * order. A key collision (the unique index) fails the whole batch, for the caller to retry.
   * The balance columns keep their defaults (0): billing sets the budget afterwards.
   */
  async insertBatch(
    userId: number,
    tokens: ReadonlyArray<{ name: string; key: string }>,
    settings: NewTokenSettings,
    nowSeconds: number,
  ): Promise<TokenRecord[]> {
    return this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(TokenEntity);
      const result = await repository.insert(
        tokens.map(({ name, key }) => ({
          ...settings,
          user_id: userId,
          name,
          key,
          created_time: nowSeconds,
          accessed_time: nowSeconds,
        })),
      );
      const ids = result.identifiers.map((identifier) => Number(identifier.id));
      const rows = await repository
        .createQueryBuilder('t')
        .select(TOKEN_COLUMNS.map((column) => `t.${column}`))
        .whereInIds(ids)
        .getMany();
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id)!);
    });
  }

  /**
   * Runs `change` on the user's live token `id` inside a transaction holding the token's row
   * lock, then returns the row as stored after it.
   */
  async changeLocked<T>(
    userId: number,
    id: number,
    change: (token: TokenRecord, writer: TokenWriter) => Promise<T>,
  ): Promise<{ token: TokenRecord; outcome: T }> {
    return this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(TokenEntity);
      const token = await repository.findOne({ select: SELECT, where: { id, user_id: userId }, lock: { mode: 'pessimistic_write' } });
      if (!token) throw notFound();
      const outcome = await change(token, new TokenWriter(manager, id));
      const after = await repository.findOne({ select: SELECT, where: { id } });
      if (!after) throw notFound();
      return { token: after, outcome };
    });
  }

  /**
   * Removes tokens this process has just inserted and never announced (their budget could not be
   * set), so a failed creation leaves nothing behind: nothing refers to them yet.
   */
  async removeUnannounced(userId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.dataSource.query(`DELETE FROM tokens WHERE user_id = $1 AND id = ANY($2::int[])`, [userId, ids]);
  }

  /** Soft-deletes the user's live token `id` in one conditional statement. */
  async softDelete(userId: number, id: number): Promise<void> {
    const deleted: unknown[] = await this.dataSource.query(
      `UPDATE tokens SET deleted_at = now() WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL RETURNING id`,
      [id, userId],
    );
    // The pg driver answers an UPDATE … RETURNING through TypeORM as [rows, count].
    const rows = Array.isArray(deleted[0]) ? (deleted[0] as unknown[]) : deleted;
    if (rows.length === 0) throw notFound();
  }
}

/** Writes to one locked token inside {@link TokenStore.changeLocked}. */
export class TokenWriter {
  constructor(
    private readonly manager: EntityManager,
    private readonly id: number,
  ) {}

  /** Writes the given metadata columns. */
  async metadata(change: TokenChange): Promise<void> {
    if (Object.keys(change).length > 0) await this.manager.update(TokenEntity, { id: this.id }, change);
  }
}
