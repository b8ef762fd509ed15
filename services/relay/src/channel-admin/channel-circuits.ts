import type { Channel, ChannelCircuit, ChannelListEntry } from '@modelgate/contracts';
import type { CircuitView } from '../resilience/circuit-breaker';

/** Where the admin API reads a channel's breaker from: the replica's shared breakers. */
export interface CircuitSource {
  view(channelId: number): CircuitView;
}

/** A breaker as the admin API shows it. */
export function toCircuitMessage(view: CircuitView): ChannelCircuit {
  return {
    state: view.state,
    reason: view.reason,
    since: view.since,
    retry_at: view.retryAt,
    consecutive_failures: view.consecutiveFailures,
  };
}

/** The channel with its breaker (the channel as it is when there is no source). */
export function withCircuit(channel: Channel, circuits: CircuitSource | undefined): Channel {
  return circuits ? { ...channel, circuit: toCircuitMessage(circuits.view(Number(channel.id))) } : channel;
}

/** A listing's rows with their channels' breakers, tag groups' children included. */
export function withCircuits(entries: readonly ChannelListEntry[], circuits: CircuitSource | undefined): ChannelListEntry[] {
  if (!circuits) return [...entries];
  return entries.map((entry) => {
    if (entry.channel) return { channel: withCircuit(entry.channel, circuits) };
    if (entry.tag_group) {
      return { tag_group: { ...entry.tag_group, children: (entry.tag_group.children ?? []).map((child) => withCircuit(child, circuits)) } };
    }
    return entry;
  });
}
