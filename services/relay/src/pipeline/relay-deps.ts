import type { Logger, MessageBus } from '@modelgate/runtime';
import type { QuotaAdmitter } from '../admission';
import type { CredentialLookup } from '../auth';
import type { RandomSource } from '../routing';
import type { ChannelDisabler, ChannelStore, RelayOptions } from '../state';
import type { UpstreamClient } from './upstream-client';
import type { UsagePublisher } from './usage-publisher';

/** Limits of the data plane, from the relay's configuration. */
export interface RelayLimits {
  /** Largest request body accepted (413 above). */
  readonly maxBodyBytes: number;
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
  /** Disables a channel after a failure that says its credentials are bad (auto-ban). */
  readonly disabler: ChannelDisabler;
  /** Sends usage records to billing in durable batches. */
  readonly usage: Pick<UsagePublisher, 'add'>;
  readonly limits: RelayLimits;
  readonly random?: RandomSource;
}
