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
 */
export class TokenManager {
  private readonly store: TokenStore;

  constructor(private readonly context: IdentityContext) {
    this.store = new TokenStore(context.dataSource);
  }

  /** One page of the user's tokens, newest first. */
  async list(query: TokenPageQuery): Promise<{ items: Token[]; total: number }> {
    const { items, total } = await this.store.page(query);
    const now = nowSeconds();
    return { items: items.map((token) => toTokenMessage(token, now)), total };
  }

  /** One of the user's tokens. */
  async get(userId: number, tokenId: number): Promise<Token> {
    return toTokenMessage(await this.store.find(userId, tokenId), nowSeconds());
  }

  /** Creates `count` tokens with the same settings; returns them in creation order. */
  async create(userId: number, input: NewTokensInput): Promise<Token[]> {
    const name = checkTokenName(input.name);
    const count = checkBatchCount(input.count);
    const settings = {
      expired_time: checkExpiredTime(input.expired_time),
      remain_quota: checkRemainQuota(input.remain_quota),
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
    this.context.logger.info({ userId, tokenIds: ids }, 'user created tokens');
    await this.announce(userId, ids, 'created');
    return created.map((token) => toTokenMessage(token, now));
  }

  /** Edits a token; returns it as stored after the edit. */
  async update(userId: number, tokenId: number, edit: TokenEdit): Promise<Token> {
    const remainQuota = edit.remain_quota === undefined ? undefined : checkRemainQuota(edit.remain_quota);
    // Read before the lock: the owner's usable groups come from their group and the options.
    const usable = edit.group ? await this.usableGroupNames(userId) : [];
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
      // The same figure sent back (the form left as loaded) keeps the balance as billing left it.
      const budget = remainQuota !== undefined && remainQuota !== stored.remain_quota ? remainQuota : undefined;
      const after = {
        expired_time: change.expired_time ?? stored.expired_time,
        remain_quota: budget ?? stored.remain_quota,
        unlimited_quota: change.unlimited_quota ?? stored.unlimited_quota,
      };
      const status = statusAfterEdit(stored.status, edit.status, after, now);
      if (status !== stored.status) change.status = status;
      await writer.metadata(change);
      if (budget !== undefined) await writer.budget(budget);
      return { fields: Object.keys(change), budget };
    });
    if (outcome.fields.length > 0 || outcome.budget !== undefined) {
      this.context.logger.info({ userId, tokenId, fields: outcome.fields, budget: outcome.budget }, 'user edited a token');
      await this.announce(userId, [tokenId], 'updated');
    }
    return toTokenMessage(token, now);
  }

  /** Enables (1) or disables (2) a token; returns it as stored after. */
  async setStatus(userId: number, tokenId: number, requested: number): Promise<Token> {
    const status = checkSettableStatus(requested);
    const now = nowSeconds();
    const { token, outcome: changed } = await this.store.changeLocked(userId, tokenId, async (stored, writer) => {
      if (status === TokenStatus.Enabled) assertCanEnable(stored, now);
      if (stored.status === status) return false;
      await writer.metadata({ status });
      return true;
    });
    if (changed) {
      this.context.logger.info({ userId, tokenId, status }, 'user switched a token');
      await this.announce(userId, [tokenId], 'status');
    }
    return toTokenMessage(token, now);
  }

  /** Soft-deletes a token: its key stops working at once on every relay. */
  async delete(userId: number, tokenId: number): Promise<void> {
    await this.store.softDelete(userId, tokenId);
    this.context.logger.info({ userId, tokenId }, 'user deleted a token');
    await this.announce(userId, [tokenId], 'deleted');
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
