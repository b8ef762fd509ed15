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

/** The settings of a new token (the key and name chosen per token). */
export type NewTokenSettings = Pick<
  TokenEntity,
  | 'expired_time'
  | 'remain_quota'
  | 'unlimited_quota'
  | 'model_limits_enabled'
  | 'model_limits'
  | 'allow_ips'
  | 'group'
  | 'rate_limit_rpm'
  | 'rate_limit_tpm'
>;

/** The metadata columns an edit writes (`remain_quota` goes through {@link TokenWriter.budget}). */
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
  async find(userId: number, id: number): Promise<TokenEntity> {
    const token = await this.dataSource.getRepository(TokenEntity).findOne({ where: { id, user_id: userId } });
    if (!token) throw notFound();
    return token;
  }

  /** One page of the user's live tokens, highest id first, and the number matching in all. */
  async page(query: TokenPageQuery): Promise<{ items: TokenEntity[]; total: number }> {
    const builder = this.dataSource
      .getRepository(TokenEntity)
      .createQueryBuilder('t')
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
   */
  async insertBatch(
    userId: number,
    tokens: ReadonlyArray<{ name: string; key: string }>,
    settings: NewTokenSettings,
    nowSeconds: number,
  ): Promise<TokenEntity[]> {
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
      const rows = await repository.createQueryBuilder('t').whereInIds(ids).getMany();
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
    change: (token: TokenEntity, writer: TokenWriter) => Promise<T>,
  ): Promise<{ token: TokenEntity; outcome: T }> {
    return this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(TokenEntity);
      const token = await repository.findOne({ where: { id, user_id: userId }, lock: { mode: 'pessimistic_write' } });
      if (!token) throw notFound();
      const outcome = await change(token, new TokenWriter(manager, id));
      const after = await repository.findOne({ where: { id } });
      if (!after) throw notFound();
      return { token: after, outcome };
    });
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

  /**
   * Sets the token's budget to what its owner chose. Billing owns the balance columns
   * (`remain_quota` decrements, `used_quota`); identity writes `remain_quota` only here, as the
   * owner's new budget, and never touches `used_quota`. Quota that open reservations of this
   * token still hold (requests in flight, relay leases) was taken out of `remain_quota` and is
   * handed back or settled against it later, so it is kept out of the new figure: once every
   * hold is settled or released, `remain_quota` is exactly the budget minus what was spent after
   * the edit. The token's row lock (held by the caller) orders this against billing's updates.
   */
  async budget(remainQuota: number): Promise<void> {
    await this.manager.query(
      `UPDATE tokens SET remain_quota = ($2::bigint - COALESCE((
          SELECT SUM(r.amount) FROM quota_reservations r
           WHERE r.token_id = $1 AND r.status = 'reserved' AND NOT r.token_unlimited), 0))::bigint
        WHERE id = $1`,
      [this.id, remainQuota],
    );
  }
}
