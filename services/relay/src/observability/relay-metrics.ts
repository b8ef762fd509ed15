import type { ServerResponse } from 'node:http';
import type { UsageRecord } from '@modelgate/contracts/bus';
import {
  type AccessLog,
  activeTraceId,
  BoundCounter,
  BoundHistogram,
  boundedLabel,
  Counter,
  Gauge,
  Histogram,
  LabelledChildren,
  LATENCY_BUCKETS,
  OTHER_LABEL,
  type Registry,
} from '@modelgate/runtime';

/** Where the relay's label values come from: its configuration, never the client. */
export interface RelayLabelSources {
  /** Whether some channel lists the model (else the label is `other`). */
  knowsModel(model: string): boolean;
  /** Groups with a ratio (the `GroupRatio` keys). */
  knownGroups(): ReadonlySet<string>;
  /** Channels by state, for `modelgate_relay_channels`. */
  channelCounts?(): { enabled: number; disabled: number };
  /** Completed loads of each in-memory cache, for `modelgate_relay_cache_reloads_total`. */
  cacheLoads?(): Readonly<Record<string, number>>;
}

/** State of a channel's circuit breaker, as `modelgate_relay_channel_breaker_state` encodes it. */
export type BreakerState = 'closed' | 'half-open' | 'open';
const BREAKER_VALUE: Readonly<Record<BreakerState, number>> = { closed: 0, 'half-open': 1, open: 2 };

/** Who a rate-limit refusal was for (`scope` label). */
export type RateLimitScope = 'user' | 'token' | 'channel';

/** What is known of one request in flight, filled in as the pipeline learns it. */
interface Observation {
  readonly startedAt: number;
  readonly requestId: string;
  readonly method: string;
  readonly traceId: string | undefined;
  readonly protocol: string;
  endpoint: string;
  model: string;
  group: string;
  channel: string;
}

type Inc = { inc(value?: number): void };
type Observe = { observe(value: number): void };

/** Status classes of the `outcome` label. */
function outcomeOf(res: ServerResponse): string {
  if (!res.writableFinished && !res.headersSent) return 'aborted';
  const status = res.statusCode;
  if (status < 300) return '2xx';
  if (status === 429) return '429';
  if (status < 500) return '4xx';
  return '5xx';
}

/**
 * The relay's Prometheus metrics, `modelgate_relay_*`, and the hooks the pipeline calls. Labels:
 * `protocol` (openai, anthropic, gemini, responses), `endpoint` (the route's operation), `model`
 * and `group` (configured values only; anything else is `other`), `channel` (a channel id, or
 * `none` before one is picked), `outcome` (2xx, 4xx, 429, 5xx, aborted). No user, token or request
 * id is ever a label. Children are cached per label set, so recording allocates nothing, and the
 * metrics recorded per request are bound ones (their children add to their series directly). The same
 * observation of each request gives its access-log line (request id, trace id, endpoint, status,
 * duration, model and channel) when an access log is on.
 */
export class RelayMetrics {
  readonly requests: BoundCounter<'protocol' | 'endpoint' | 'model' | 'channel' | 'group' | 'outcome'>;
  readonly requestSeconds: BoundHistogram<'protocol' | 'endpoint' | 'outcome'>;
  readonly upstreamSeconds: BoundHistogram<'channel' | 'outcome'>;
  readonly firstTokenSeconds: BoundHistogram<'protocol' | 'model'>;
  readonly tokens: BoundCounter<'model' | 'channel' | 'kind'>;
  readonly quota: BoundCounter<'model' | 'group'>;
  readonly inFlight: Gauge;
  readonly retries: Counter<'channel'>;
  readonly autoDisabled: Counter<'channel'>;
  readonly autoEnabled: Counter<'channel'>;
  readonly channels: Gauge<'state'>;
  readonly cacheReloads: Counter<'cache'>;
  readonly leaseDraws: BoundCounter<'source'>;
  readonly leaseRefills: Counter<'result'>;
  readonly usagePublished: Counter;
  readonly usagePublishFailures: Counter;
  readonly usageBatches: Counter;
  // Defined for the circuit breaker, the request queue and the rate limits (wired by those).
  readonly breakerState: Gauge<'channel'>;
  readonly queued: Gauge;
  readonly queueWaitSeconds: Histogram;
  readonly rateLimited: Counter<'scope'>;

  private readonly observations = new WeakMap<ServerResponse, Observation>();
  private readonly requestChildren: LabelledChildren<Inc>;
  private readonly requestSecondsChildren: LabelledChildren<Observe>;
  private readonly upstreamChildren: LabelledChildren<Observe>;
  private readonly firstTokenChildren: LabelledChildren<Observe>;
  private readonly tokenChildren: LabelledChildren<Inc>;
  private readonly quotaChildren: LabelledChildren<Inc>;
  private readonly admissionChildren: LabelledChildren<Inc>;
  private readonly channelLabels = new Map<number, string>();

  private readonly accessLog: AccessLog | undefined;

  constructor(
    registry: Registry,
    private readonly sources: RelayLabelSources,
    accessLog?: AccessLog,
  ) {
    this.accessLog = accessLog?.enabled ? accessLog : undefined;
    const registers = [registry];
    this.requests = new BoundCounter({
      name: 'modelgate_relay_requests_total',
      help: 'Relayed requests finished, by inbound protocol, endpoint, model, channel, group and outcome class',
      labelNames: ['protocol', 'endpoint', 'model', 'channel', 'group', 'outcome'],
      registers,
    });
    this.requestSeconds = new BoundHistogram({
      name: 'modelgate_relay_request_duration_seconds',
      help: 'Whole relayed request, arrival to the last byte, by protocol, endpoint and outcome class',
      labelNames: ['protocol', 'endpoint', 'outcome'],
      buckets: [...LATENCY_BUCKETS],
      registers,
    });
    this.upstreamSeconds = new BoundHistogram({
      name: 'modelgate_relay_upstream_duration_seconds',
      help: 'One upstream attempt, request sent to response headers, by channel and outcome (ok, error)',
      labelNames: ['channel', 'outcome'],
      buckets: [...LATENCY_BUCKETS],
      registers,
    });
    this.firstTokenSeconds = new BoundHistogram({
      name: 'modelgate_relay_time_to_first_token_seconds',
      help: 'Arrival of a request to the first byte of its answer sent to the client, by protocol and model',
      labelNames: ['protocol', 'model'],
      buckets: [...LATENCY_BUCKETS],
      registers,
    });
    this.tokens = new BoundCounter({
      name: 'modelgate_relay_tokens_total',
      help: 'Tokens of relayed requests as charged, by model, channel and kind (prompt, completion, cached)',
      labelNames: ['model', 'channel', 'kind'],
      registers,
    });
    this.quota = new BoundCounter({
      name: 'modelgate_relay_quota_charged_total',
      help: 'Quota units charged for relayed requests (what the consume logs record), by model and group',
      labelNames: ['model', 'group'],
      registers,
    });
    this.inFlight = new Gauge({ name: 'modelgate_relay_requests_in_flight', help: 'Relayed requests being served now', registers });
    this.retries = new Counter({
      name: 'modelgate_relay_retries_total',
      help: 'Attempts retried on another channel, by the channel that failed',
      labelNames: ['channel'],
      registers,
    });
    this.autoDisabled = new Counter({
      name: 'modelgate_relay_channel_auto_disabled_total',
      help: 'Channels this relay disabled automatically after a failure, by channel',
      labelNames: ['channel'],
      registers,
    });
    this.autoEnabled = new Counter({
      name: 'modelgate_relay_channel_auto_enabled_total',
      help: 'Channels this relay enabled again automatically after a passing test, by channel',
      labelNames: ['channel'],
      registers,
    });
    this.channels = new Gauge({
      name: 'modelgate_relay_channels',
      help: 'Channels in this relay’s routing snapshot, by state (enabled, disabled)',
      labelNames: ['state'],
      registers,
      // Workers of one process hold the same snapshot: their pages are merged by max, not summed.
      aggregator: 'max',
      collect: () => {
        const counts = sources.channelCounts?.();
        if (!counts) return;
        this.channels.labels('enabled').set(counts.enabled);
        this.channels.labels('disabled').set(counts.disabled);
      },
    });
    const seenLoads = new Map<string, number>();
    this.cacheReloads = new Counter({
      name: 'modelgate_relay_cache_reloads_total',
      help: 'Loads of the relay’s in-memory caches from the database (start, change events, periodic), by cache',
      labelNames: ['cache'],
      registers,
      collect: () => {
        for (const [cache, loads] of Object.entries(sources.cacheLoads?.() ?? {})) {
          const added = loads - (seenLoads.get(cache) ?? 0);
          if (added > 0) this.cacheReloads.labels(cache).inc(added);
          seenLoads.set(cache, loads);
        }
      },
    });
    this.leaseDraws = new BoundCounter({
      name: 'modelgate_relay_quota_admissions_total',
      help: 'Requests admitted, by where their estimate was taken from (lease, reservation)',
      labelNames: ['source'],
      registers,
    });
    this.leaseRefills = new Counter({
      name: 'modelgate_relay_quota_lease_refills_total',
      help: 'Quota leases taken or topped up from billing, by result (granted, refused, failed)',
      labelNames: ['result'],
      registers,
    });
    this.usagePublished = new Counter({
      name: 'modelgate_relay_usage_records_published_total',
      help: 'Usage records handed to billing over the bus (acknowledged by the stream)',
      registers,
    });
    this.usagePublishFailures = new Counter({
      name: 'modelgate_relay_usage_publish_failures_total',
      help: 'Usage records that could not be published after every retry (logged for settling by hand)',
      registers,
    });
    this.usageBatches = new Counter({
      name: 'modelgate_relay_usage_batches_published_total',
      help: 'Batches of usage records published',
      registers,
    });
    this.breakerState = new Gauge({
      name: 'modelgate_relay_channel_breaker_state',
      help: 'Circuit breaker of each channel: 0 closed, 1 half-open, 2 open',
      labelNames: ['channel'],
      registers,
      // Shared by every worker over the bus: the most open state any worker sees.
      aggregator: 'max',
    });
    this.queued = new Gauge({ name: 'modelgate_relay_queued_requests', help: 'Requests waiting in a channel queue', registers });
    this.queueWaitSeconds = new Histogram({
      name: 'modelgate_relay_queue_wait_seconds',
      help: 'Time requests waited in a channel queue',
      buckets: [...LATENCY_BUCKETS],
      registers,
    });
    this.rateLimited = new Counter({
      name: 'modelgate_relay_rate_limited_total',
      help: 'Requests refused by a rate limit, by scope (user, token, channel)',
      labelNames: ['scope'],
      registers,
    });
    this.requestChildren = new LabelledChildren((v) => this.requests.labels(v[0]!, v[1]!, v[2]!, v[3]!, v[4]!, v[5]!));
    this.requestSecondsChildren = new LabelledChildren((v) => this.requestSeconds.labels(v[0]!, v[1]!, v[2]!));
    this.upstreamChildren = new LabelledChildren((v) => this.upstreamSeconds.labels(v[0]!, v[1]!));
    this.firstTokenChildren = new LabelledChildren((v) => this.firstTokenSeconds.labels(v[0]!, v[1]!));
    this.tokenChildren = new LabelledChildren((v) => this.tokens.labels(v[0]!, v[1]!, v[2]!));
    this.quotaChildren = new LabelledChildren((v) => this.quota.labels(v[0]!, v[1]!));
    this.admissionChildren = new LabelledChildren((v) => this.leaseDraws.labels(v[0]!));
  }

  /** A request arrived: counted in flight until its response closes, then recorded. */
  begin(res: ServerResponse, protocol: string, requestId: string, method: string): void {
    const observation: Observation = {
      startedAt: performance.now(),
      requestId,
      method,
      traceId: this.accessLog ? activeTraceId() : undefined,
      protocol,
      endpoint: OTHER_LABEL,
      model: 'none',
      group: 'none',
      channel: 'none',
    };
    this.observations.set(res, observation);
    this.inFlight.inc();
    res.once('close', () => this.finish(res, observation));
  }

  /** The route matched: the endpoint label (an operation or route kind, from the route table). */
  endpoint(res: ServerResponse, endpoint: string): void {
    const observation = this.observations.get(res);
    if (observation) observation.endpoint = endpoint;
  }

  /** The request's model and group, once its body is read (a model no channel lists is `other`). */
  requested(res: ServerResponse, model: string, group: string): void {
    const observation = this.observations.get(res);
    if (!observation) return;
    observation.model = boundedLabel(model, (m) => this.sources.knowsModel(m));
    observation.group = boundedLabel(group, (g) => this.sources.knownGroups().has(g));
  }

  /** The channel the request went to (again when a retry moved it). */
  routedTo(res: ServerResponse, channelId: number): void {
    const observation = this.observations.get(res);
    if (observation) observation.channel = this.channelLabel(channelId);
  }

  /** The usage a finished request is charged: tokens, quota and the time to its first byte. */
  charged(res: ServerResponse, record: UsageRecord, cachedTokens: number, firstResponseMs: number | undefined): void {
    const observation = this.observations.get(res);
    const channel = this.channelLabel(record.channelId);
    const model = observation?.model ?? boundedLabel(record.model, (m) => this.sources.knowsModel(m));
    const group = observation?.group ?? boundedLabel(record.group, (g) => this.sources.knownGroups().has(g));
    if (observation) observation.channel = channel;
    if (record.promptTokens > 0) this.tokenChildren.get([model, channel, 'prompt']).inc(record.promptTokens);
    if (record.completionTokens > 0) this.tokenChildren.get([model, channel, 'completion']).inc(record.completionTokens);
    if (cachedTokens > 0) this.tokenChildren.get([model, channel, 'cached']).inc(cachedTokens);
    this.quotaChildren.get([model, group]).inc(record.quota);
    if (firstResponseMs !== undefined && observation) {
      this.firstTokenChildren.get([observation.protocol, model]).observe(firstResponseMs / 1000);
    }
  }

  /** One upstream attempt ended (headers received, or failed). */
  upstream(channelId: number, ok: boolean, seconds: number): void {
    this.upstreamChildren.get([this.channelLabel(channelId), ok ? 'ok' : 'error']).observe(seconds);
  }

  /** The quota admitter's events: admissions by source and lease requests by result. */
  readonly admission = {
    // Every request is admitted: its counter child is looked up without hashing its label.
    admitted: (source: 'lease' | 'reservation') => this.admissionChildren.get([source]).inc(),
    leaseRequested: (result: 'granted' | 'refused' | 'failed') => this.leaseRefills.labels(result).inc(),
  };

  /** A batch of usage records was acknowledged by the bus, or given up on. */
  usageBatch(records: number, published: boolean): void {
    if (published) {
      this.usageBatches.inc();
      this.usagePublished.inc(records);
    } else {
      this.usagePublishFailures.inc(records);
    }
  }

  retried(channelId: number): void {
    this.retries.labels(this.channelLabel(channelId)).inc();
  }

  channelAutoDisabled(channelId: number): void {
    this.autoDisabled.labels(this.channelLabel(channelId)).inc();
  }

  channelAutoEnabled(channelId: number): void {
    this.autoEnabled.labels(this.channelLabel(channelId)).inc();
  }

  /** For the circuit breaker: its state for a channel changed. */
  setBreakerState(channelId: number, state: BreakerState): void {
    this.breakerState.labels(this.channelLabel(channelId)).set(BREAKER_VALUE[state]);
  }

  /** For the request queue: a request joined a channel's queue. */
  enqueued(): void {
    this.queued.inc();
  }

  /** For the request queue: a request waited `seconds` and left the queue. */
  dequeued(seconds: number): void {
    this.queued.dec();
    this.queueWaitSeconds.observe(seconds);
  }

  /** For the rate limits: a request was refused. */
  refusedByRateLimit(scope: RateLimitScope): void {
    this.rateLimited.labels(scope).inc();
  }

  private channelLabel(channelId: number): string {
    let label = this.channelLabels.get(channelId);
    if (label === undefined) {
      label = String(channelId);
      this.channelLabels.set(channelId, label);
    }
    return label;
  }

  private finish(res: ServerResponse, observation: Observation): void {
    this.inFlight.dec();
    this.observations.delete(res);
    const outcome = outcomeOf(res);
    const { protocol, endpoint } = observation;
    const durationMs = performance.now() - observation.startedAt;
    this.requestChildren.get([protocol, endpoint, observation.model, observation.channel, observation.group, outcome]).inc();
    this.requestSecondsChildren.get([protocol, endpoint, outcome]).observe(durationMs / 1000);
    this.accessLog?.log({
      requestId: observation.requestId,
      traceId: observation.traceId,
      method: observation.method,
      route: `${protocol} ${endpoint}`,
      status: res.statusCode,
      durationMs,
      model: observation.model === 'none' ? undefined : observation.model,
      channel: observation.channel === 'none' ? undefined : observation.channel,
      aborted: outcome === 'aborted',
    });
  }
}
