import type { MessageBus } from '@modelgate/contracts/bus';
import type { Logger } from '@modelgate/runtime';
import type { ClientIpOf } from '../http/client-ip';
import type { QuotaAdmitter } from '../admission';
import type { CredentialLookup } from '../auth';
import type { BodyBudget } from '../http/body-budget';
import type { BodyLimits } from '../http/body-limits';
import type { ChannelCircuits } from '../resilience/circuit-breaker';
import type { ResponseAffinityStore } from '../response-affinity/affinity-store';
import type { RandomSource } from '../routing';
import type { ChannelDisabler, ChannelStore, RelayOptions } from '../state';
import type { UpstreamClient } from './upstream-client';
import type { RelayMetrics } from '../observability/relay-metrics';
import type { UsagePublisher } from './usage-publisher';
import type { CallerLimitsDeps } from '../limits/caller-limits';
import type { ChannelGate } from '../limits/channel-gate';

/** Limits of the data plane, from the relay's configuration. */
export interface RelayLimits {
  /** Largest request body of each kind of endpoint (413 above). */
  readonly body: BodyLimits;
  /** Ask upstreams that support it for usage in streams (`stream_options.include_usage`). */
  readonly forceStreamUsage: boolean;
}

/** Everything one relayed request needs; built once by the composition root. */
export interface RelayDeps {
  readonly logger: Logger;
  readonly bus: MessageBus;
  readonly options: RelayOptions;
  readonly channels: ChannelStore;
  readonly credentials: CredentialLookup;
  readonly admitter: QuotaAdmitter;
  readonly upstream: UpstreamClient;
  /** Every channel's circuit breaker, shared with the other replicas: routing skips open ones. */
  readonly circuits: ChannelCircuits;
  /** Disables a channel after a failure that says its credentials are bad (auto-ban). */
  readonly disabler: ChannelDisabler;
  /** Sends usage records to billing in durable batches. */
  readonly usage: Pick<UsagePublisher, 'add'>;
  readonly limits: RelayLimits;
  /** The callers' rate limits (per user and per token), decided in memory. */
  readonly callerLimits: CallerLimitsDeps;
  /** The channels' caps (requests and tokens per minute, concurrency) and their wait queues. */
  readonly channelGate: ChannelGate;
  /** The request bodies in flight: large ones need room and a free slot of their token. */
  readonly bodyBudget: BodyBudget;
  readonly random?: RandomSource;
  /** Which channel created each Responses API response, so follow-ups reach it; absent: none kept. */
  readonly responseAffinity?: ResponseAffinityStore;
  /** The client's address behind the believed proxies (TRUSTED_PROXIES); loopback only when omitted. */
  readonly clientIp?: ClientIpOf;
  /** The relay's Prometheus metrics; none when the process serves no metrics. */
  readonly metrics?: RelayMetrics;
}
