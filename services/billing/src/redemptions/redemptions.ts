import { randomInt, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { topUpLogOther } from '@modelgate/contracts';
import { formatLogQuota } from '@modelgate/db';
import { NotFoundError, ValidationError } from '@modelgate/runtime';
import type { BillingContext } from '../billing-context';
import { announceQuotaChange, creditTopUp } from '../wallet/top-up-credit';
import { RedemptionMessage } from './redemption-messages';
import {
  newRedemptionName,
  redemptionCount,
  redemptionName,
  redemptionQuota,
  settableRedemptionStatus,
} from './redemption-rules';
import { type RedemptionPageQuery, type RedemptionRow, RedemptionStore } from './redemption-store';

/**
 * Every redemption attempt waits a random time in this range (milliseconds) before the key is
 * looked up, so answers cannot be timed and guessing keys in bulk is slow. Deliberately short.
 */
export const REDEEM_DELAY_MS = { min: 100, max: 500 } as const;

/** Longest key that can exist (the width of `redemptions.key`); longer input is simply unknown. */
const MAX_KEY_LENGTH = 64;

/** A new code's key: 32 hexadecimal characters from a random (v4) UUID. */
export function newRedemptionKey(): string {
  return randomUUID().replaceAll('-', '');
}

/** The user and the code of one redemption attempt. */
export interface RedeemInput {
  userId: number;
  key: string;
}

/**
 * Redemption codes: what admins do with them, and users redeeming them. A redemption marks the
 * code used, credits the user and writes the top-up log row in one transaction, then announces
 * the balance change (`user.changed`, reason `quota`) so cached balances elsewhere refresh.
 */
export class Redemptions {
  private readonly store: RedemptionStore;

  constructor(private readonly context: BillingContext) {
    this.store = new RedemptionStore(context.dataSource);
  }

  list(query: RedemptionPageQuery): Promise<{ items: RedemptionRow[]; total: number }> {
    return this.store.page(query);
  }

  get(id: number): Promise<RedemptionRow> {
    return this.store.get(id);
  }

  /** Issues `count` codes; returns their keys. An empty name becomes the quota as the console shows it. */
  async create(actorId: number, input: { name: string; quota: string | number; count: number }): Promise<string[]> {
    const quota = redemptionQuota(input.quota);
    const count = redemptionCount(input.count);
    const name = newRedemptionName(input.name, quota, this.context.options);
    const keys = Array.from({ length: count }, newRedemptionKey);
    await this.store.create(actorId, name, quota, keys);
    return keys;
  }

  update(id: number, input: { name: string; quota: string | number }): Promise<RedemptionRow> {
    return this.store.update(id, redemptionName(input.name), redemptionQuota(input.quota));
  }

  setStatus(id: number, status: number): Promise<RedemptionRow> {
    return this.store.setStatus(id, settableRedemptionStatus(status));
  }

  delete(id: number): Promise<void> {
    return this.store.delete(id);
  }

  /** Credits the code's quota to the user, exactly once; returns the quota credited. */
  async redeem(input: RedeemInput): Promise<number> {
    const key = input.key.trim();
    if (key === '') throw new ValidationError(RedemptionMessage.keyRequired, { code: 'redemption_key_required' });
    await sleep(randomInt(REDEEM_DELAY_MS.min, REDEEM_DELAY_MS.max + 1));
    if (key.length > MAX_KEY_LENGTH) {
      throw new NotFoundError(RedemptionMessage.invalidKey, { code: 'invalid_redemption_key' });
    }
    const { options, dataSource } = this.context;
    const claimed = await dataSource.transaction(async (manager) => {
      const code = await this.store.claim(manager, key, input.userId);
      const content = `通过兑换码充值 ${formatLogQuota(code.quota, options)}，兑换码ID ${code.id}`;
      const other = topUpLogOther({ source: 'redemption', quota: code.quota, redemption_id: code.id });
      const credited = await creditTopUp(manager, { userId: input.userId, includeDeleted: false }, code.quota, content, other);
      if (!credited) throw new NotFoundError(RedemptionMessage.userNotFound, { code: 'user_not_found' });
      return code;
    });
    this.context.logger.info({ userId: input.userId, redemptionId: claimed.id, quota: claimed.quota }, 'redemption code redeemed');
    this.context.metrics?.topUps.labels('redemption').inc();
    this.context.metrics?.topUpQuota.labels('redemption').inc(claimed.quota);
    await announceQuotaChange(this.context, input.userId);
    return claimed.quota;
  }
}
