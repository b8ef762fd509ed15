import type { BillingServiceDefinition } from '@modelgate/contracts';
import { LogType, type TypedOptionReader, UserEntity } from '@modelgate/db';
import { NotFoundError, type UnaryServiceImplementation, ValidationError } from '@modelgate/runtime';
import type { BillingContext } from '../billing-context';
import { AdminBalanceStore } from '../balances/admin-balance-store';
import { BalanceStore } from '../balances/balance-store';
import {
  MAX_TOKEN_BALANCE_IDS,
  MAX_TOKEN_BUDGET_IDS,
  readTokenBalances,
  TOKEN_BUDGET_REASONS,
  type TokenBudgetReason,
  TokenBudgets,
} from '../balances/token-budgets';
import { MAX_BALANCE_IDS, readUserBalances } from '../balances/user-balances';
import { deleteLogsBefore } from '../logs/log-retention';
import { ReservationStore } from '../usage/reservation-store';
import { unavailableOnLostDatabase } from './database-unavailable';

/** Log types a balance adjustment may be recorded as. */
const ADJUSTMENT_LOG_TYPES: readonly number[] = [LogType.TopUp, LogType.Manage, LogType.System];

/** A positive integer id or amount from an int64 field (sent as a decimal string). */
function positiveInteger(value: string, field: string): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number <= 0) throw new ValidationError(`${field} must be a positive integer`);
  return number;
}

/** A relayed request's id: 1 to 64 characters (the width of `quota_reservations.request_id`). */
function requestIdOf(value: string): string {
  if (value.length === 0 || value.length > 64) throw new ValidationError('request_id must be 1 to 64 characters');
  return value;
}

/** A non-negative integer from an int64 field. */
function nonNegativeInteger(value: string, field: string): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 0) throw new ValidationError(`${field} must be a non-negative integer`);
  return number;
}

/** Distinct token ids from an int64 list, at most `max`, each a positive integer. */
function tokenIdsOf(values: readonly string[], max: number): number[] {
  if (values.length > max) throw new ValidationError(`token_ids may name at most ${max} tokens`);
  return [...new Set(values.map((id) => positiveInteger(id, 'token_ids')))];
}

/** `modelgate.billing.v1.BillingService`. */
export function createBillingHandlers(
  context: Pick<BillingContext, 'dataSource' | 'bus' | 'logger'>,
  options: TypedOptionReader,
): UnaryServiceImplementation<BillingServiceDefinition> {
  const { dataSource } = context;
  const tokenBudgets = new TokenBudgets(dataSource, context.bus, context.logger);
  const users = dataSource.getRepository(UserEntity);
  const balances = new BalanceStore(dataSource);
  const adminBalances = new AdminBalanceStore(dataSource, options);
  const reservations = new ReservationStore(dataSource);
  return {
    async GetUserQuota(request) {
      const userId = positiveInteger(request.user_id, 'user_id');
      const user = await users.findOne({
        where: { id: userId },
        select: { id: true, quota: true, used_quota: true, request_count: true },
      });
      if (!user) throw new NotFoundError(`user ${userId} not found`, { code: 'user_not_found' });
      return { quota: user.quota, used_quota: user.used_quota, request_count: user.request_count };
    },

    async GetUserBalances(request) {
      if (request.user_ids.length > MAX_BALANCE_IDS) {
        throw new ValidationError(`user_ids may name at most ${MAX_BALANCE_IDS} users`);
      }
      const ids = [...new Set(request.user_ids.map((id) => positiveInteger(id, 'user_ids')))];
      return { balances: await readUserBalances(dataSource, ids) };
    },

    async GetTokenBalances(request) {
      return { balances: await readTokenBalances(dataSource, tokenIdsOf(request.token_ids, MAX_TOKEN_BALANCE_IDS)) };
    },

    async SetTokenBudget(request) {
      const ids = tokenIdsOf(request.token_ids, MAX_TOKEN_BUDGET_IDS);
      if (ids.length === 0) throw new ValidationError('token_ids must name at least one token');
      const reason = (request.reason || 'updated') as TokenBudgetReason;
      if (!TOKEN_BUDGET_REASONS.includes(reason)) throw new ValidationError(`reason must be one of ${TOKEN_BUDGET_REASONS.join(', ')}`);
      const outcome = await tokenBudgets.set(ids, nonNegativeInteger(request.remain_quota, 'remain_quota'), reason);
      return { balances: outcome.balances, changed_token_ids: outcome.changedTokenIds };
    },

    async AdjustUserQuota(request) {
      const delta = Number(request.delta);
      if (!Number.isSafeInteger(delta) || delta === 0) throw new ValidationError('delta must be a non-zero integer');
      if (!ADJUSTMENT_LOG_TYPES.includes(request.log_type)) throw new ValidationError('log_type must be 1, 3 or 4');
      const quota = await balances.adjust({
        userId: positiveInteger(request.user_id, 'user_id'),
        delta,
        logType: request.log_type,
        logContent: request.log_content,
        logOther: logOtherOf(request.log_other),
        allowNegative: request.allow_negative,
      });
      return { quota };
    },

    async SetUserQuota(request) {
      const result = await adminBalances.setQuota(
        positiveInteger(request.user_id, 'user_id'),
        nonNegativeInteger(request.quota, 'quota'),
      );
      return { previous_quota: result.previousQuota, quota: result.quota };
    },

    async AddUserQuota(request) {
      const delta = Number(request.delta);
      if (!Number.isSafeInteger(delta) || delta === 0) throw new ValidationError('delta must be a non-zero integer');
      return { quota: await adminBalances.addQuota(positiveInteger(request.user_id, 'user_id'), delta) };
    },

    async RewardInviter(request) {
      await balances.rewardInviter(
        positiveInteger(request.inviter_id, 'inviter_id'),
        positiveInteger(request.amount, 'amount'),
        request.log_content,
      );
      return {};
    },

    async TransferAffQuota(request) {
      const result = await balances.transferAffQuota(
        positiveInteger(request.user_id, 'user_id'),
        positiveInteger(request.amount, 'amount'),
      );
      return { quota: result.quota, aff_quota: result.affQuota };
    },

    async DeleteLogsBefore(request) {
      const deleted = await deleteLogsBefore(dataSource, positiveInteger(request.target_timestamp, 'target_timestamp'));
      return { deleted };
    },

    async ReserveQuota(request) {
      const reservation = {
        requestId: requestIdOf(request.request_id),
        userId: positiveInteger(request.user_id, 'user_id'),
        tokenId: nonNegativeInteger(request.token_id, 'token_id'),
        amount: nonNegativeInteger(request.amount, 'amount'),
        tokenUnlimited: request.token_unlimited,
      };
      // A lost database connection is a 503 for the relay (it releases the id and refuses), not a 500.
      const result = await unavailableOnLostDatabase(() => reservations.reserve(reservation));
      return { amount: result.amount, replayed: result.replayed, status: result.status };
    },

    async ReleaseQuota(request) {
      const requestId = requestIdOf(request.request_id);
      const amount = nonNegativeInteger(request.amount, 'amount');
      const result = await unavailableOnLostDatabase(() => reservations.release(requestId, amount));
      return { released: result.released, amount: result.amount };
    },
  };
}

/** A log row's structured `other`: a JSON object of at most 4 KiB, else none. */
function logOtherOf(value: string | undefined): string {
  if (!value || value.length > 4096) return '';
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? value : '';
  } catch {
    return '';
  }
}
