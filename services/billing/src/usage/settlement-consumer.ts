import type { ConsumerHandle, Logger, MessageBus, UsageRecord } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';
import { settleUsage, settleUsageBatch } from './settlement';

/** The durable consumer names every billing replica shares (they split the work). */
export const SETTLEMENT_DURABLE = 'billing-settlement';
export const BATCH_SETTLEMENT_DURABLE = 'billing-settlement-batch';

/** Settlements running at once per replica; rows are locked in one order, so they cannot deadlock. */
const SETTLEMENT_CONCURRENCY = 4;
/** Batches settled at once per replica. */
const BATCH_CONCURRENCY = 2;

/**
 * Settles a relay's batch: in one transaction when it goes through; otherwise (a deadlock with
 * another batch, one malformed record) record by record, so every good record is settled and
 * only a record that fails on its own makes the batch redeliver — where the settled ones are
 * recognised by their request ids and skipped.
 */
export async function settleBatch(dataSource: DataSource, records: readonly UsageRecord[], logger: Logger): Promise<void> {
  try {
    await settleUsageBatch(dataSource, records);
    return;
  } catch (err) {
    logger.warn({ err, records: records.length }, 'usage batch failed as a whole; settling its records one by one');
  }
  let failure: unknown;
  for (const record of records) {
    try {
      await settleUsage(dataSource, record);
    } catch (err) {
      logger.error({ err, requestId: record.requestId }, 'usage record could not be settled');
      failure ??= err;
    }
  }
  if (failure !== undefined) throw failure;
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
 * Consumes usage records under durable consumers: single records (`usage.settle`) and relay
 * batches (`usage.settle-batch`). Settlement makes a redelivery a no-op; a failing one throws, so
 * the bus redelivers it with backoff and dead-letters it after the last attempt. Records enqueued
 * while no consumer runs wait in the work queue and are settled once one starts.
 */
export async function startSettlementConsumer(
  bus: MessageBus,
  dataSource: DataSource,
  logger: Logger,
  onSettled?: SettledHook,
): Promise<ConsumerHandle> {
  const settled = (userIds: number[]) => notifySettled(onSettled, userIds, logger);
  const single = await bus.consume('modelgate.cmd.billing.usage.settle', {
    durable: SETTLEMENT_DURABLE,
    concurrency: SETTLEMENT_CONCURRENCY,
    handler: async (message) => {
      const result = await settleUsage(dataSource, message.payload);
      if (!result.settled) {
        logger.info({ requestId: message.payload.requestId }, 'usage record already settled; skipped');
      } else {
        settled([message.payload.userId]);
      }
    },
  });
  let batches: ConsumerHandle;
  try {
    batches = await bus.consume('modelgate.cmd.billing.usage.settle-batch', {
      durable: BATCH_SETTLEMENT_DURABLE,
      concurrency: BATCH_CONCURRENCY,
      handler: async (message) => {
        await settleBatch(dataSource, message.payload.records, logger);
        settled(message.payload.records.map((record) => record.userId));
      },
    });
  } catch (error) {
    await single.stop();
    throw error;
  }
  return {
    async stop() {
      await Promise.all([single.stop(), batches.stop()]);
    },
  };
}
