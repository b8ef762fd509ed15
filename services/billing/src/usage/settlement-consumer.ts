import type { ConsumerHandle, Logger, MessageBus } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';
import { settleUsage } from './settlement';

/** The durable consumer name every billing replica shares (they split the work). */
export const SETTLEMENT_DURABLE = 'billing-settlement';

/** Settlements running at once per replica; rows are locked in one order, so they cannot deadlock. */
const SETTLEMENT_CONCURRENCY = 4;

/**
 * Consumes `modelgate.cmd.billing.usage.settle` under the durable `billing-settlement`: each usage
 * record is settled by {@link settleUsage}, which makes a redelivery a no-op; a failing settlement
 * throws, so the bus redelivers it with backoff and dead-letters it after the last attempt.
 * Records enqueued while no consumer runs wait in the work queue and are settled once one starts.
 */
export function startSettlementConsumer(bus: MessageBus, dataSource: DataSource, logger: Logger): Promise<ConsumerHandle> {
  return bus.consume('modelgate.cmd.billing.usage.settle', {
    durable: SETTLEMENT_DURABLE,
    concurrency: SETTLEMENT_CONCURRENCY,
    handler: async (message) => {
      const result = await settleUsage(dataSource, message.payload);
      if (!result.settled) {
        logger.info({ requestId: message.payload.requestId }, 'usage record already settled; skipped');
      }
    },
  });
}
