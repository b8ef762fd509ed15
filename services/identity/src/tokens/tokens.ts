import type { Token } from '@modelgate/contracts';
import type { TokenChanged } from '@modelgate/contracts/bus';
import { TokenStatus } from '@modelgate/db';
import { findLiveUser, retryOnCollision } from '../accounts/account-deps';
import { usableGroups } from '../accounts/usable-groups';
import type { IdentityContext } from '../identity-context';
import {
  checkBatchCount,
  checkExpiredTime,
  checkRateLimit,
  checkRemainQuota,
  checkTokenGroup,
  checkTokenName,
  normalizeAllowIps,
  normalizeModelLimits,
} from './token-input';
import { batchNames, newTokenKey } from './token-keys';
import { assertCanEnable, checkSettableStatus, statusAfterEdit } from './token-status';
import { type TokenChange, type TokenPageQuery, TokenStore } from './token-store';
import { toTokenMessage } from './token-view';

/** Fresh key sets tried before giving up (a collision of 48-character keys does not happen). */
const KEY_ATTEMPTS = 3;

/** The tokens a create request asks for (int64 values as decimal strings). */
export interface NewTokensInput {
  name: string;
  /** 0 means 1. */
  count: number;
  expired_time: string;
  remain_quota: string;
  unlimited_quota: boolean;
  model_limits_enabled: boolean;
  model_limits: string;
  allow_ips: string;
  group: string;
  rate_limit_rpm?: number;
  rate_limit_tpm?: number;
}

/** An edit of one token; absent fields stay unchanged (int64 values as decimal strings). */
export interface TokenEdit {
  name?: string | undefined;
  expired_time?: string | undefined;
  remain_quota?: string | undefined;
  unlimited_quota?: boolean | undefined;
  model_limits_enabled?: boolean | undefined;
  model_limits?: string | undefined;
  allow_ips?: string | undefined;
  group?: string | undefined;
  status?: number | undefined;
  rate_limit_rpm?: number | undefined;
  rate_limit_tpm?: number | undefined;
}

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/**
 * A user's own API tokens: listing, creation (one or a batch), edits, the enable/disable switch
 * and deletion, always scoped to the user. Status rules follow spec §4 (see `token-status.ts`).
 * Every change is announced on `token.changed` after it commits, so relays reload the tokens.
 *
 * The balance columns are billing's (ADR 0002): identity never reads or writes them. A budget
 * a create or an edit asks for is set by billing's `SetTokenBudget` (which announces it), and the
 * rule that a limited token with nothing left may not be enabled reads billing's figure.
 */
export class TokenManager {
  private readonly store: TokenStore;

  constructor(private readonly context: IdentityContext) {
    this.store = new TokenStore(context.dataSource);
  }

  /** One page of the user's tokens, newest first. */
  async list(query: TokenPageQuery): Promise<{ items: Token[]; total: number }> {
    const { items, total } = await this.store.page(query);
    return { items: items.map(toTokenMessage), total };
  }

  /** One of the user's tokens. */
  async get(userId: number, tokenId: number): Promise<Token> {
    return toTokenMessage(await this.store.find(userId, tokenId));
  }

  /**
   * Creates `count` tokens with the same settings; returns them in creation order. The rows are
   * inserted with no budget, then billing sets the one asked for; when billing fails the rows are
   * removed again (they were never announced) and its error is answered, so a failed creation
   * leaves no token behind.
   */
  async create(userId: number, input: NewTokensInput): Promise<Token[]> {
    const name = checkTokenName(input.name);
    const count = checkBatchCount(input.count);
    const budget = checkRemainQuota(input.remain_quota);
    const settings = {
      expired_time: checkExpiredTime(input.expired_time),
      unlimited_quota: input.unlimited_quota,
      model_limits_enabled: input.model_limits_enabled,
      model_limits: normalizeModelLimits(input.model_limits),
      allow_ips: normalizeAllowIps(input.allow_ips),
      group: await this.checkGroup(userId, input.group),
      rate_limit_rpm: checkRateLimit('rate_limit_rpm', input.rate_limit_rpm ?? 0),
      rate_limit_tpm: checkRateLimit('rate_limit_tpm', input.rate_limit_tpm ?? 0),
    };
    const names = batchNames(name, count);
    const now = nowSeconds();
    const created = await retryOnCollision('uq_tokens_key', KEY_ATTEMPTS, () =>
      this.store.insertBatch(userId, names.map((tokenName) => ({ name: tokenName, key: newTokenKey() })), settings, now),
    );
    const ids = created.map((token) => token.id);
    let announced: ReadonlySet<string> = new Set();
    if (budget !== 0) {
      try {
        // Billing announces the tokens it set the budget of, as `created`: relays load them once.
        const result = await this.context.billing.call('SetTokenBudget', { token_ids: ids, remain_quota: budget, reason: 'created' });
        announced = new Set(result.changed_token_ids);
      } catch (error) {
        this.context.logger.warn({ err: error, userId, tokenIds: ids }, 'billing could not set the budget of new tokens; removed them');
        await this.store.removeUnannounced(userId, ids);
        throw error;
      }
    }
    this.context.logger.info({ userId, tokenIds: ids, budget }, 'user created tokens');
    const unannounced = ids.filter((id) => !announced.has(String(id)));
    if (unannounced.length > 0) await this.announce(userId, unannounced, 'created');
    return created.map(toTokenMessage);
  }

  /**
   * Edits a token; returns it as stored after the edit. The metadata is written under the token's
   * lock; a budget in the edit is then set by billing (the figure it already holds sets nothing).
   * Should billing fail, its error is answered and the metadata stays edited.
   */
  async update(userId: number, tokenId: number, edit: TokenEdit): Promise<Token> {
    const remainQuota = edit.remain_quota === undefined ? undefined : checkRemainQuota(edit.remain_quota);
    // Read before the lock: the owner's usable groups come from their group and the options, and
    // the budget the status rule judges is the edit's own or, without one, billing's.
    const usable = edit.group ? await this.usableGroupNames(userId) : [];
    const budgetAfter = remainQuota ?? (await this.remainQuotaOf(tokenId));
    const now = nowSeconds();
    const { token, outcome } = await this.store.changeLocked(userId, tokenId, async (stored, writer) => {
      // Unchanged values are not re-validated: a name or list accepted under older rules may stay.
      const change: TokenChange = {};
      if (edit.name !== undefined && edit.name !== stored.name) change.name = checkTokenName(edit.name);
      if (edit.expired_time !== undefined && edit.expired_time !== String(stored.expired_time)) {
        change.expired_time = checkExpiredTime(edit.expired_time);
      }
      if (edit.unlimited_quota !== undefined && edit.unlimited_quota !== stored.unlimited_quota) {
        change.unlimited_quota = edit.unlimited_quota;
      }
      if (edit.model_limits_enabled !== undefined && edit.model_limits_enabled !== stored.model_limits_enabled) {
        change.model_limits_enabled = edit.model_limits_enabled;
      }
      if (edit.model_limits !== undefined && edit.model_limits !== stored.model_limits) {
        const modelLimits = normalizeModelLimits(edit.model_limits);
        if (modelLimits !== stored.model_limits) change.model_limits = modelLimits;
      }
      if (edit.allow_ips !== undefined && edit.allow_ips !== stored.allow_ips) {
        const allowIps = normalizeAllowIps(edit.allow_ips);
        if (allowIps !== stored.allow_ips) change.allow_ips = allowIps;
      }
      if (edit.group !== undefined && edit.group !== stored.group) change.group = checkTokenGroup(edit.group, usable);
      if (edit.rate_limit_rpm !== undefined && edit.rate_limit_rpm !== stored.rate_limit_rpm) {
        change.rate_limit_rpm = checkRateLimit('rate_limit_rpm', edit.rate_limit_rpm);
      }
      if (edit.rate_limit_tpm !== undefined && edit.rate_limit_tpm !== stored.rate_limit_tpm) {
        change.rate_limit_tpm = checkRateLimit('rate_limit_tpm', edit.rate_limit_tpm);
      }
      const after = {
        expired_time: change.expired_time ?? stored.expired_time,
        remain_quota: budgetAfter,
        unlimited_quota: change.unlimited_quota ?? stored.unlimited_quota,
      };
      const status = statusAfterEdit(stored.status, edit.status, after, now);
      if (status !== stored.status) change.status = status;
      await writer.metadata(change);
      return Object.keys(change);
    });
    if (outcome.length > 0) this.context.logger.info({ userId, tokenId, fields: outcome }, 'user edited a token');
    // Billing compares the figure with the budget under the token's lock; when it changes the
    // budget it announces the edit (metadata included, already committed), else identity does.
    let announced = false;
    try {
      if (remainQuota !== undefined) {
        const result = await this.context.billing.call('SetTokenBudget', { token_ids: [tokenId], remain_quota: remainQuota, reason: 'updated' });
        announced = result.changed_token_ids.length > 0;
        if (announced) this.context.logger.info({ userId, tokenId, budget: remainQuota }, 'user set a token budget');
      }
    } finally {
      if (!announced && outcome.length > 0) await this.announce(userId, [tokenId], 'updated');
    }
    return toTokenMessage(token);
  }

  /** Enables (1) or disables (2) a token; returns it as stored after. */
  async setStatus(userId: number, tokenId: number, requested: number): Promise<Token> {
    const status = checkSettableStatus(requested);
    const now = nowSeconds();
    // Enabling judges the budget billing holds, read before the token's lock.
    const remainQuota = status === TokenStatus.Enabled ? await this.remainQuotaOf(tokenId) : 0;
    const { token, outcome: changed } = await this.store.changeLocked(userId, tokenId, async (stored, writer) => {
      if (status === TokenStatus.Enabled) assertCanEnable({ ...stored, remain_quota: remainQuota }, now);
      if (stored.status === status) return false;
      await writer.metadata({ status });
      return true;
    });
    if (changed) {
      this.context.logger.info({ userId, tokenId, status }, 'user switched a token');
      await this.announce(userId, [tokenId], 'status');
    }
    return toTokenMessage(token);
  }

  /** Soft-deletes a token: its key stops working at once on every relay. */
  async delete(userId: number, tokenId: number): Promise<void> {
    await this.store.softDelete(userId, tokenId);
    this.context.logger.info({ userId, tokenId }, 'user deleted a token');
    await this.announce(userId, [tokenId], 'deleted');
  }

  /**
   * The budget billing holds for the token; 0 for a token billing does not know (not live): the
   * lock that follows answers "not found" for it anyway.
   */
  private async remainQuotaOf(tokenId: number): Promise<number> {
    const { balances } = await this.context.billing.call('GetTokenBalances', { token_ids: [tokenId] });
    return Number(balances[0]?.remain_quota ?? 0);
  }

  /** The token group the user asked for, checked against the groups they may use. */
  private async checkGroup(userId: number, group: string): Promise<string> {
    return checkTokenGroup(group, group === '' ? [] : await this.usableGroupNames(userId));
  }

  /** Names of the groups the (live) user may pick. */
  private async usableGroupNames(userId: number): Promise<string[]> {
    const user = await findLiveUser(this.context, userId);
    return usableGroups(this.context.options, user.group).map((group) => group.name);
  }

  /**
   * Tells every relay that the tokens changed. The change is already stored, so a failure to
   * announce is logged rather than undoing it; relays also reload everything periodically.
   */
  private async announce(userId: number, tokenIds: number[], reason: TokenChanged['reason']): Promise<void> {
    try {
      await this.context.bus.publish('modelgate.evt.identity.token.changed', { tokenIds, userId, reason });
    } catch (error) {
      this.context.logger.error({ err: error, userId, tokenIds, reason }, 'could not announce a token change');
    }
  }
}
