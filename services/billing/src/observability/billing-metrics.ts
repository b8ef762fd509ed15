import { Counter, Gauge, Histogram, LATENCY_BUCKETS, type Registry } from '@modelgate/runtime';

/** How one usage record's settlement ended (`result` label). */
export type SettlementOutcome = 'settled' | 'replayed' | 'failed';

/**
 * Billing's Prometheus metrics, `modelgate_billing_*`. Labels are fixed vocabularies (results,
 * subjects, notice channels, top-up methods); no user, token or request id is ever a label.
 */
export class BillingMetrics {
  readonly recordsSettled: Counter<'result'>;
  readonly quotaSettled: Counter;
  readonly batchSize: Histogram;
  readonly settlementLag: Histogram;
  readonly settlementSeconds: Histogram;
  readonly redeliveries: Counter<'subject'>;
  readonly deadLetters: Gauge<'subject'>;
  readonly sweeps: Counter<'result'>;
  readonly reservationsSwept: Counter;
  readonly notices: Counter<'channel' | 'result'>;
  readonly topUps: Counter<'method'>;
  readonly topUpQuota: Counter<'method'>;

  constructor(registry: Registry) {
    const registers = [registry];
    this.recordsSettled = new Counter({
      name: 'modelgate_billing_usage_records_total',
      help: 'Usage records processed, by result (settled, replayed: settled before, failed: will be redelivered)',
      labelNames: ['result'],
      registers,
    });
    this.quotaSettled = new Counter({
      name: 'modelgate_billing_quota_settled_total',
      help: 'Quota units charged by settled usage records (the consume logs’ quota)',
      registers,
    });
    this.batchSize = new Histogram({
      name: 'modelgate_billing_usage_batch_size',
      help: 'Records per usage batch settled',
      buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500],
      registers,
    });
    this.settlementLag = new Histogram({
      name: 'modelgate_billing_settlement_lag_seconds',
      help: 'From the relay publishing a usage record to billing committing its settlement',
      buckets: [...LATENCY_BUCKETS],
      registers,
    });
    this.settlementSeconds = new Histogram({
      name: 'modelgate_billing_settlement_duration_seconds',
      help: 'The settlement transaction of one record or batch',
      buckets: [...LATENCY_BUCKETS],
      registers,
    });
    this.redeliveries = new Counter({
      name: 'modelgate_billing_redeliveries_total',
      help: 'Usage messages delivered again after a failed or unacknowledged attempt, by subject',
      labelNames: ['subject'],
      registers,
    });
    this.deadLetters = new Gauge({
      name: 'modelgate_billing_dead_letters',
      help: 'Dead letters of billing’s subjects seen since this process started (retained ones included), by subject',
      labelNames: ['subject'],
      registers,
    });
    this.sweeps = new Counter({
      name: 'modelgate_billing_reservation_sweeps_total',
      help: 'Passes of the sweep for reservations left open past their TTL, by result (ok, failed)',
      labelNames: ['result'],
      registers,
    });
    this.reservationsSwept = new Counter({
      name: 'modelgate_billing_reservations_swept_total',
      help: 'Reservations and relay quota leases the sweep released',
      registers,
    });
    this.notices = new Counter({
      name: 'modelgate_billing_quota_notices_total',
      help: 'Low-quota notices, by channel (email, webhook) and result (sent, failed, webhook_refused)',
      labelNames: ['channel', 'result'],
      registers,
    });
    this.topUps = new Counter({
      name: 'modelgate_billing_topups_total',
      help: 'Top-ups credited, by method (redemption, online)',
      labelNames: ['method'],
      registers,
    });
    this.topUpQuota = new Counter({
      name: 'modelgate_billing_topup_quota_total',
      help: 'Quota units credited by top-ups, by method',
      labelNames: ['method'],
      registers,
    });
  }
}
