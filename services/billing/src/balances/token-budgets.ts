import type { MessageBus } from '@modelgate/contracts/bus';
import { type Logger, NotFoundError } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';

/** One token's money columns, as `GetTokenBalances` and `SetTokenBudget` answer them. */
export interface TokenBalanceRow {
  token_id: number;
  remain_quota: number;
  used_quota: number;
}

/** The most ids one read may name: a page of a token list is far smaller. */
export const MAX_TOKEN_BALANCE_IDS = 1000;
/** The most tokens one budget may be set for: the largest batch a user creates. */
export const MAX_TOKEN_BUDGET_IDS = 100;

/** Why a budget is set, as `token.changed` announces it: a new batch or an edit. */
export const TOKEN_BUDGET_REASONS = ['created', 'updated'] as const;
export type TokenBudgetReason = (typeof TOKEN_BUDGET_REASONS)[number];

/** The balances after a budget was set, and the tokens it changed (announced). */
export interface TokenBudgetOutcome {
  balances: TokenBalanceRow[];
  changedTokenIds: number[];
}

interface Row {
  id: number | string;
  user_id: number | string;
  remain_quota: number | string;
  used_quota: number | string;
}

const balanceOf = (row: Row): TokenBalanceRow => ({
  token_id: Number(row.id),
  remain_quota: Number(row.remain_quota),
  used_quota: Number(row.used_quota),
});

/** The balances of the given live tokens; unknown and deleted ids are left out. */
export async function readTokenBalances(dataSource: DataSource, tokenIds: readonly number[]): Promise<TokenBalanceRow[]> {
  if (tokenIds.length === 0) return [];
  const rows: Row[] = await dataSource.query(
    `SELECT id, user_id, remain_quota, used_quota FROM tokens WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL`,
    [tokenIds],
  );
  return rows.map(balanceOf);
}

/**
 * The budgets owners choose for their tokens. Billing owns `remain_quota`: reservations take from
 * it, settlements and releases give back the difference, and a budget set here is computed under
 * the token row's lock (`SELECT … FOR UPDATE`), so it is ordered against every one of those.
 */
export class TokenBudgets {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: MessageBus,
    private readonly logger: Logger,
  ) {}

  /**
   * Sets the budget of the live tokens `tokenIds` (locked in id order, so two calls never wait on
   * each other crosswise) and answers their balances after, in the order asked. A token whose
   * `remain_quota` already is `budget` (a form sent back as loaded) is left as it is. Any other
   * gets the budget minus what its open reservations still hold: those were taken out of
   * `remain_quota` and are settled or handed back against it later, so once every hold is done
   * `remain_quota` is exactly the budget minus what was spent after the change. `used_quota` is
   * never touched. The changed tokens are announced after commit with `reason` (relays reload
   * them and hand back leases sized from the old figure). NOT_FOUND when a token is unknown or
   * deleted.
   */
  async set(tokenIds: readonly number[], budget: number, reason: TokenBudgetReason): Promise<TokenBudgetOutcome> {
    const ids = [...new Set(tokenIds)].sort((a, b) => a - b);
    const { rows, changed } = await this.dataSource.transaction(async (manager) => {
      const locked: Row[] = await manager.query(
        `SELECT id, user_id, remain_quota, used_quota FROM tokens
          WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL ORDER BY id FOR UPDATE`,
        [ids],
      );
      const missing = ids.find((id) => !locked.some((row) => Number(row.id) === id));
      if (missing !== undefined) throw new NotFoundError(`token ${missing} not found`, { code: 'token_not_found' });
      const toSet = locked.filter((row) => Number(row.remain_quota) !== budget).map((row) => Number(row.id));
      const updated: Row[] =
        toSet.length === 0
          ? []
          : (
              (await manager.query(
                `UPDATE tokens t SET remain_quota = ($2::bigint - COALESCE((
                    SELECT SUM(r.amount) FROM quota_reservations r
                     WHERE r.token_id = t.id AND r.status = 'reserved' AND NOT r.token_unlimited), 0))::bigint
                  WHERE t.id = ANY($1::bigint[])
                  RETURNING t.id, t.user_id, t.remain_quota, t.used_quota`,
                [toSet, budget],
              )) as [Row[], number]
            )[0];
      const byId = new Map([...locked, ...updated].map((row) => [Number(row.id), row]));
      return { rows: byId, changed: updated };
    });
    await this.announce(changed, reason);
    return {
      balances: tokenIds.map((id) => balanceOf(rows.get(id)!)),
      changedTokenIds: changed.map((row) => Number(row.id)),
    };
  }

  /**
   * Tells every relay that the tokens' budgets changed, per owner, on the subject relays already
   * reload tokens from. The change is committed, so a failure to announce is logged rather than
   * undoing it; relays also reload everything periodically.
   */
  private async announce(changed: readonly Row[], reason: TokenBudgetReason): Promise<void> {
    const byUser = new Map<number, number[]>();
    for (const row of changed) {
      const userId = Number(row.user_id);
      byUser.set(userId, [...(byUser.get(userId) ?? []), Number(row.id)]);
    }
    for (const [userId, tokenIds] of byUser) {
      try {
        await this.bus.publish('modelgate.evt.identity.token.changed', { tokenIds, userId, reason });
      } catch (error) {
        this.logger.error({ err: error, userId, tokenIds }, 'could not announce a token budget change');
      }
    }
  }
}
