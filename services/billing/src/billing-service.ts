import { billingContract, redemptionContract, usageQueryContract, walletContract } from '@modelgate/contracts';
import { OptionCache } from '@modelgate/db';
import { bindGrpcService, createGrpcServer } from '@modelgate/runtime';
import { OUTBOUND_ALLOWED_RANGES_OPTION, OutboundPolicy } from '@modelgate/runtime/outbound';
import type { BackendDeps, RunningService } from '@modelgate/service-host';
import type { BillingContext } from './billing-context';
import { createBillingHandlers } from './grpc/billing-handlers';
import { createRedemptionHandlers } from './grpc/redemption-handlers';
import { createUsageQueryHandlers } from './grpc/usage-query-handlers';
import { createWalletHandlers } from './grpc/wallet-handlers';
import { startLogPartitionKeeper } from './logs/log-partition-keeper';
import { createQuotaNotifier } from './notifications';
import { startReservationSweeper } from './usage/reservation-sweeper';
import { BillingMetrics } from './observability/billing-metrics';
import { registerConsumerBacklogMetrics } from './observability/consumer-backlog-metrics';
import { startRefundConsumer } from './usage/refund';
import { startSettlementConsumer } from './usage/settlement-consumer';

/** Billing's own settings, beyond what every backend service gets. */
export interface BillingServiceOptions {
  /**
   * Reservations (relay quota leases and per-request ones) still open after this many seconds are
   * released by billing itself, so a crashed relay never strands quota. Default 900 (15 minutes).
   */
  reservationTtlSeconds?: number;
  /** Time between two sweeps for such reservations. Default one minute. */
  reservationSweepIntervalMs?: number;
  /** Time between two passes of log partition upkeep and retention. Default ten minutes. */
  logMaintenanceIntervalMs?: number;
}

/**
 * Starts billing: holds the options in memory (kept current by `option.changed`); serves
 * balances, redemption codes, the wallet and usage queries over gRPC; settles usage records from
 * the bus (durable consumer `billing-settlement-batch`), checking low-quota notices after each; refunds
 * failed asynchronous tasks (`billing-refund`); sweeps reservations left open past their TTL; and
 * keeps the daily log partitions ahead and the `LogRetentionDays` setting applied. Stopping stops
 * taking records, refunds, sweeping, log upkeep and
 * notifying, then drains gRPC.
 */
export async function startBillingService(deps: BackendDeps, options: BillingServiceOptions = {}): Promise<RunningService> {
  const optionCache = new OptionCache(deps.dataSource, deps.logger);
  await optionCache.start({ bus: deps.bus, logger: deps.logger });
  const metrics = deps.metrics ? new BillingMetrics(deps.metrics) : undefined;
  // Consumer lag comes from the store itself, read at scrape time.
  if (deps.metrics) registerConsumerBacklogMetrics(deps.metrics, deps.bus, deps.logger);
  const context: BillingContext = {
    logger: deps.logger,
    dataSource: deps.dataSource,
    bus: deps.bus,
    options: optionCache,
    ...(metrics ? { metrics } : {}),
  };
  const server = createGrpcServer({
    logger: deps.logger,
    host: deps.grpc.host,
    port: deps.grpc.port,
    secret: deps.grpcSecret,
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
    services: [
      bindGrpcService(billingContract.definition, createBillingHandlers(context, optionCache)),
      bindGrpcService(redemptionContract.definition, createRedemptionHandlers(context)),
      bindGrpcService(walletContract.definition, createWalletHandlers(context)),
      bindGrpcService(usageQueryContract.definition, createUsageQueryHandlers(context)),
    ],
  });
  // Low-quota notices are checked after each settlement, off the settlement's path. Webhook URLs
  // are the users' own: they are called through the outbound address policy only.
  const outbound = new OutboundPolicy({ allowedRanges: () => optionCache.get(OUTBOUND_ALLOWED_RANGES_OPTION) });
  const quotaNotifier = createQuotaNotifier(context, { dispatcher: outbound.agent });
  const consumer = await startSettlementConsumer(
    deps.bus,
    deps.dataSource,
    deps.logger,
    (userIds) => quotaNotifier.afterSettlement(userIds),
    metrics,
  );
  // Dead letters of billing's own subjects: counted, so "dead letters present" can alert.
  const deadLetters = metrics
    ? await deps.bus.consumeDeadLetters((letter) => void metrics.deadLetters.labels(letter.subject).inc(), {
        subject: 'modelgate.cmd.billing.>',
      })
    : undefined;
  // Failed asynchronous tasks are refunded in full, once each, after their request settled.
  const refunds = await startRefundConsumer(deps.bus, deps.dataSource, deps.logger);
  let port: number;
  try {
    ({ port } = await server.start());
  } catch (error) {
    await Promise.all([consumer.stop(), refunds.stop(), optionCache.stop(), deadLetters?.stop()]);
    throw error;
  }
  const sweeper = startReservationSweeper(deps.dataSource, deps.logger, {
    ...(options.reservationTtlSeconds !== undefined && { ttlSeconds: options.reservationTtlSeconds }),
    ...(options.reservationSweepIntervalMs !== undefined && { intervalMs: options.reservationSweepIntervalMs }),
    ...(metrics && {
      onPass: (released: number | undefined) => {
        metrics.sweeps.labels(released === undefined ? 'failed' : 'ok').inc();
        if (released) metrics.reservationsSwept.inc(released);
      },
    }),
  });
  const logKeeper = startLogPartitionKeeper(deps.dataSource, deps.logger, {
    retentionDays: () => optionCache.value('LogRetentionDays'),
    ...(options.logMaintenanceIntervalMs !== undefined && { intervalMs: options.logMaintenanceIntervalMs }),
  });
  return {
    grpcPort: port,
    async stop(timeoutMs) {
      await Promise.all([consumer.stop(), refunds.stop(), sweeper.stop(), logKeeper.stop(), deadLetters?.stop()]);
      await quotaNotifier.stop();
      await outbound.close();
      await server.shutdown(timeoutMs);
      await optionCache.stop();
    },
  };
}
