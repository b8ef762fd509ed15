import type { CommandSubject, MessageBus } from '@modelgate/contracts/bus';
import { type ConsumerBacklog, Gauge, type Logger, type Registry } from '@modelgate/runtime';
import { REFUND_DURABLE } from '../usage/refund';
import { BATCH_SETTLEMENT_DURABLE } from '../usage/settlement-consumer';

/** A durable consumer whose backlog billing reports: its subject and durable name (the label). */
export interface WatchedConsumer {
  readonly subject: CommandSubject;
  readonly durable: string;
}

/** Billing's durable consumers: the relays' batches of usage records, and refunds. */
export const BILLING_CONSUMERS: readonly WatchedConsumer[] = [
  { subject: 'modelgate.cmd.billing.usage.settle-batch', durable: BATCH_SETTLEMENT_DURABLE },
  { subject: 'modelgate.cmd.billing.usage.refund', durable: REFUND_DURABLE },
];

type Read = ReadonlyArray<readonly [string, ConsumerBacklog | undefined]>;

/**
 * Registers `modelgate_billing_consumer_{pending,ack_pending,redelivered}` by `consumer` (the
 * durable name): the consumers' backlog as the bus's store reports it, read when Prometheus
 * scrapes (one JetStream consumer-info request per consumer and scrape, shared by the three
 * gauges), so settling a message costs nothing extra. Every replica reports the same shared
 * consumer: dashboards and alerts take `max` over instances. On the in-process bus (embedded
 * mode) the figures are its own work queue's. When the store cannot be asked (NATS down) the
 * gauges are left empty for that scrape rather than stale; `modelgate_dependency_up` says why.
 */
export function registerConsumerBacklogMetrics(
  registry: Registry,
  bus: MessageBus,
  logger: Logger,
  consumers: readonly WatchedConsumer[] = BILLING_CONSUMERS,
): void {
  let reading: Promise<Read | undefined> | undefined;
  // The three gauges are collected at once per scrape: they share one read.
  const read = () =>
    (reading ??= Promise.all(
      consumers.map(async ({ subject, durable }) => [durable, await bus.consumerBacklog(subject, durable)] as const),
    )
      .catch((error: unknown) => {
        logger.debug({ err: error }, 'cannot read the billing consumers’ backlog for metrics');
        return undefined;
      })
      .finally(() => (reading = undefined)));

  const gauge = (name: string, help: string, pick: (backlog: ConsumerBacklog) => number) => {
    const metric: Gauge<'consumer'> = new Gauge({
      name,
      help,
      labelNames: ['consumer'],
      registers: [registry],
      async collect() {
        const backlogs = await read();
        metric.reset();
        for (const [durable, backlog] of backlogs ?? []) {
          if (backlog) metric.labels(durable).set(pick(backlog));
        }
      },
    });
  };
  gauge(
    'modelgate_billing_consumer_pending',
    'Messages stored for a billing consumer and not yet delivered (JetStream consumer info at scrape time), by consumer',
    (backlog) => backlog.pending,
  );
  gauge(
    'modelgate_billing_consumer_ack_pending',
    'Messages delivered to a billing consumer and not yet acknowledged, including those waiting to be redelivered, by consumer',
    (backlog) => backlog.ackPending,
  );
  gauge(
    'modelgate_billing_consumer_redelivered',
    'Unacknowledged messages of a billing consumer already delivered more than once, by consumer',
    (backlog) => backlog.redelivered,
  );
}
