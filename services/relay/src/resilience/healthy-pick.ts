import type { SnapshotChannel } from '../routing/channel-snapshot';
import type { ChannelCircuits } from './circuit-breaker';

/** A channel pick under a filter: `pickChannel` or `selectChannel` with `accepts` replaced. */
export type FilteredPick = (accepts: (channel: SnapshotChannel) => boolean) => SnapshotChannel | undefined;

/**
 * The pick among channels whose breaker admits traffic, else the pick among all of them: open
 * channels are skipped while another candidate can serve, and when none can the request is tried
 * anyway rather than refused (the attempt then acts as the channel's probe).
 */
export function pickAvoidingOpenCircuits(
  circuits: Pick<ChannelCircuits, 'available'>,
  accepts: (channel: SnapshotChannel) => boolean,
  pick: FilteredPick,
  /** The pick when no healthy channel is left (the first attempt's raises the 503 of no channel at all). */
  fallback: FilteredPick = pick,
): SnapshotChannel | undefined {
  const healthy = pick((channel) => accepts(channel) && circuits.available(channel.id));
  return healthy ?? fallback(accepts);
}
