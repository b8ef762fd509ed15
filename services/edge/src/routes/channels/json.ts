import type { Channel__Output, ChannelCircuit__Output, ChannelListEntry__Output, TagGroup__Output } from '@modelgate/contracts';
import type { ChannelCircuitJson, ChannelJson, TagGroupJson } from '@modelgate/contracts/api';

/** A channel as `/api` returns it: the proto's fields with int64 values as JSON numbers. */
export function channelJson(channel: Channel__Output): ChannelJson {
  const { key, _key: _marker, ...fields } = channel as Channel__Output & { _key?: string };
  return {
    ...fields,
    ...(key !== undefined ? { key } : {}),
    id: Number(channel.id),
    created_time: Number(channel.created_time),
    test_time: Number(channel.test_time),
    balance_updated_time: Number(channel.balance_updated_time),
    used_quota: Number(channel.used_quota),
    priority: Number(channel.priority),
    circuit: channel.circuit ? circuitJson(channel.circuit) : null,
  };
}

/** A channel's circuit breaker with its times as JSON numbers (Unix milliseconds). */
function circuitJson(circuit: ChannelCircuit__Output): ChannelCircuitJson {
  return {
    // The relay's breaker has only these states (the /api contract test parses real answers).
    state: circuit.state as ChannelCircuitJson['state'],
    reason: circuit.reason,
    since: Number(circuit.since),
    retry_at: Number(circuit.retry_at),
    consecutive_failures: circuit.consecutive_failures,
  };
}

/**
 * A tag's aggregate row (spec §3): tag, children, combined groups, summed used quota, average
 * response time; priority, weight and status are null when the children differ.
 */
export function tagGroupJson(group: TagGroup__Output): TagGroupJson {
  return {
    tag: group.tag,
    name: group.tag,
    group: group.group,
    used_quota: Number(group.used_quota),
    response_time: group.response_time,
    priority: group.priority === undefined ? null : Number(group.priority),
    weight: group.weight ?? null,
    status: group.status ?? null,
    children: group.children.map(channelJson),
  };
}

/** One row of a list: a channel, or in tag mode a tag's aggregate. */
export function listEntryJson(entry: ChannelListEntry__Output): ChannelJson | TagGroupJson {
  if (entry.tag_group) return tagGroupJson(entry.tag_group);
  return channelJson(entry.channel!);
}
