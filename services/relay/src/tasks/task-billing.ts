import type { UsageRecord } from '@modelgate/contracts/bus';
import { lookupGroupRatio, perCallQuota, resolveModelPricing } from '@modelgate/pricing';
import type { Admission } from '../admission';
import type { CredentialToken, CredentialUser } from '../auth';
import type { RelayDeps } from '../pipeline/relay-deps';

/** The price of a task model when `ModelPrice` names none (the reference's default, USD per call). */
export const DEFAULT_TASK_PRICE_USD = 0.1;

/** A task's price: per call, `ModelPrice` × group ratio × `QuotaPerUnit`. */
export interface TaskPrice {
  readonly quota: number;
  readonly modelPrice: number;
  readonly groupRatio: number;
}

/**
 * Prices one task submission. `ModelPrice` of the model wins; a model priced by ratio only, or
 * not at all, costs the reference's default of $0.1. A price of 0 (INPAINT, CUSTOM_ZOOM) is free.
 */
export function priceTask(deps: RelayDeps, model: string, group: string): TaskPrice {
  const table = deps.options.priceTable();
  const resolved = resolveModelPricing(table, { model, group });
  const groupRatio = lookupGroupRatio(table, group);
  const modelPrice = resolved.ok && resolved.pricing.usePrice ? resolved.pricing.modelPrice : DEFAULT_TASK_PRICE_USD;
  return { quota: perCallQuota({ modelPrice, quotaPerUnit: table.quotaPerUnit, groupRatio }), modelPrice, groupRatio };
}

/** Who pays for a task. */
export interface TaskPayer {
  readonly user: CredentialUser;
  readonly token: CredentialToken;
  readonly group: string;
}

/**
 * Reserves a task's price before the upstream is called, through the same admission as `/v1`
 * (atomic in billing: concurrent submissions never overshoot a balance). Free tasks reserve nothing.
 */
export function reserveTask(deps: RelayDeps, requestId: string, payer: TaskPayer, price: TaskPrice): Promise<Admission> {
  return deps.admitter.admit({
    requestId,
    userId: payer.user.id,
    tokenId: payer.token.id,
    tokenUnlimited: payer.token.unlimited_quota,
    estimate: price.quota,
    userQuotaHint: payer.user.quota,
    tokenRemainHint: payer.token.remain_quota,
  });
}

/** Settles an accepted task at its price: a durable usage record, charged and logged once. */
export function settleTask(
  deps: RelayDeps,
  facts: { requestId: string; payer: TaskPayer; channelId: number; model: string; price: TaskPrice; admission: Admission; startedAt: number; taskId: string; action: string },
): void {
  const { price, admission } = facts;
  const record: UsageRecord = {
    requestId: facts.requestId,
    userId: facts.payer.user.id,
    tokenId: facts.payer.token.id,
    channelId: facts.channelId,
    model: facts.model,
    group: facts.payer.group,
    promptTokens: 0,
    completionTokens: 0,
    quota: price.quota,
    isStream: false,
    createdAt: Math.floor(Date.now() / 1000),
    content: `per-call price $${price.modelPrice}, group ratio ${price.groupRatio}, task ${facts.action} ${facts.taskId}`,
    useTime: Math.max(0, Math.round((Date.now() - facts.startedAt) / 1000)),
    other: { task_id: facts.taskId, task_action: facts.action, model_price: price.modelPrice, group_ratio: price.groupRatio },
    reserved: admission.reserved,
    ...(admission.leaseId ? { leaseId: admission.leaseId } : {}),
  };
  deps.usage.add(record);
}
