import type { MessageBus, UsageRecord } from '@modelgate/contracts/bus';
import { type ConsumerHandle, type Logger, SENT_AT_HEADER } from '@modelgate/runtime';
import type { BillingMetrics } from '../observability/billing-metrics';
import type { DataSource } from 'typeorm';
import { settleUsage, settleUsageBatch } from './settlement';

/** The durable consumer name every billing replica shares (they split the work). */
export const BATCH_SETTLEMENT_DURABLE = 'billing-settlement-batch';

/** Batches settled at once per replica; rows are locked in one order, so they cannot deadlock. */
const BATCH_CONCURRENCY = 2;

/**
 * Settles a relay's batch: in one transaction when it goes through; otherwise (a deadlock with
 * another batch, one malformed record) record by record, so every good record is settled and
 * only a record that fails on its own makes the batch redeliver — where the settled ones are
 * recognised by their request ids and skipped.
 */
export async function settleBatch(
  dataSource: DataSource,
  records: readonly UsageRecord[],
  logger: Logger,
  metrics?: BillingMetrics,
): Promise<void> {
  try {
    const results = await settleUsageBatch(dataSource, records);
    if (metrics) results.forEach((result, i) => countSettled(metrics, records[i]!, result.settled));
    return;
  } catch (err) {
    logger.warn({ err, records: records.length }, 'usage batch failed as a whole; settling its records one by one');
  }
  let failure: unknown;
  for (const record of records) {
    try {
      const result = await settleUsage(dataSource, record);
      if (metrics) countSettled(metrics, record, result.settled);
    } catch (err) {
      metrics?.recordsSettled.labels('failed').inc();
      logger.error({ err, requestId: record.requestId }, 'usage record could not be settled');
      failure ??= err;
    }
  }
  if (failure !== undefined) throw failure;
}

function countSettled(metrics: BillingMetrics, record: UsageRecord, settled: boolean): void {
  metrics.recordsSettled.labels(settled ? 'settled' : 'replayed').inc();
  if (settled) metrics.quotaSettled.inc(record.quota);
}

/**
 * Measures one settlement: its transaction's duration, how long after publishing it committed
 * (from the publisher's sent-at header), and whether the message was a redelivery.
 */
async function measured(
  metrics: BillingMetrics | undefined,
  message: { subject: string; headers: Readonly<Record<string, string>>; deliveryCount?: number },
  settle: () => Promise<void>,
): Promise<void> {
  if (!metrics) return settle();
  if ((message.deliveryCount ?? 1) > 1) metrics.redeliveries.labels(message.subject).inc();
  const started = performance.now();
  await settle();
  metrics.settlementSeconds.observe((performance.now() - started) / 1000);
  const sentAt = Number(message.headers[SENT_AT_HEADER]);
  if (Number.isFinite(sentAt) && sentAt > 0) metrics.settlementLag.observe(Math.max(0, Date.now() - sentAt) / 1000);
}

/**
 * Told the users whose usage a record or batch just settled (low-quota notices). Called after
 * the settlement committed; it must return at once, and whatever it throws is only logged.
 */
export type SettledHook = (userIds: number[]) => void;

function notifySettled(hook: SettledHook | undefined, userIds: number[], logger: Logger): void {
  if (!hook) return;
  try {
    hook([...new Set(userIds)]);
  } catch (err) {
    logger.warn({ err }, 'after-settlement hook failed');
  }
}

/**
 * Consumes the relays' batches of usage records (`usage.settle-batch`) under a durable consumer.
 * Settlement makes a redelivery a no-op; a failing batch throws, so the bus redelivers it with
 * backoff and dead-letters it after the last attempt. Batches enqueued while no consumer runs wait
 * in the work queue and are settled once one starts.
 */
export async function startSettlementConsumer(
  bus: MessageBus,
  dataSource: DataSource,
  logger: Logger,
  onSettled?: SettledHook,
  metrics?: BillingMetrics,
): Promise<ConsumerHandle> {
  return bus.consume('modelgate.cmd.billing.usage.settle-batch', {
    durable: BATCH_SETTLEMENT_DURABLE,
    concurrency: BATCH_CONCURRENCY,
    handler: (message) =>
      measured(metrics, message, async () => {
        metrics?.batchSize.observe(message.payload.records.length);
        await settleBatch(dataSource, message.payload.records, logger, metrics);
        notifySettled(onSettled, message.payload.records.map((record) => record.userId), logger);
      }),
  });
}
