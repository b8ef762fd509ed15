/**
 * The operator's Prometheus metrics, in a registry of their own (one per operator instance, so
 * tests can run several). Names are prefixed `modelgate_operator_`.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Results a reconcile ends with (the `result` label). */
export type ReconcileResult = 'synced' | 'invalid' | 'unresolved' | 'error' | 'deleted' | 'gone' | 'not-leader';

export class OperatorMetrics {
  readonly registry = new Registry();
  readonly reconciles = new Counter({ name: 'modelgate_operator_reconcile_total', help: 'Reconciles of Channel resources by result', labelNames: ['result'], registers: [this.registry] });
  readonly reconcileDuration = new Histogram({
    name: 'modelgate_operator_reconcile_duration_seconds',
    help: 'Duration of one reconcile by result',
    labelNames: ['result'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly reconcileErrors = new Counter({ name: 'modelgate_operator_reconcile_errors_total', help: 'Reconciles that failed and will be retried, by reason', labelNames: ['reason'], registers: [this.registry] });
  readonly queueDepth = new Gauge({ name: 'modelgate_operator_workqueue_depth', help: 'Channel keys waiting for a worker', registers: [this.registry] });
  readonly queueRetries = new Counter({ name: 'modelgate_operator_workqueue_retries_total', help: 'Keys requeued with backoff', registers: [this.registry] });
  readonly informerRestarts = new Counter({ name: 'modelgate_operator_informer_restarts_total', help: 'Informer restarts after an error', labelNames: ['resource'], registers: [this.registry] });
  readonly leader = new Gauge({ name: 'modelgate_operator_leader', help: '1 while this replica holds the leader Lease', registers: [this.registry] });
  readonly channelWrites = new Counter({ name: 'modelgate_operator_channel_writes_total', help: 'Database writes of channel rows, by operation', labelNames: ['operation'], registers: [this.registry] });
  readonly statusWrites = new Counter({ name: 'modelgate_operator_status_writes_total', help: 'Channel status subresource writes', registers: [this.registry] });

  constructor(options: { processMetrics?: boolean } = {}) {
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry, prefix: 'modelgate_operator_' });
  }

  /** Sum of a counter over every label set (tests and the benchmark). */
  async total(counter: Counter): Promise<number> {
    const metric = await counter.get();
    return metric.values.reduce((sum, value) => sum + value.value, 0);
  }
}
