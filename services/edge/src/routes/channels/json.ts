import { CHANNEL_FIELD_NAMES, CHANNEL_FIELDS, type ChannelFieldSpec, type ChannelFieldValues } from '@modelgate/channel-types';
import type { Channel__Output, ChannelCircuit__Output, ChannelListEntry__Output, TagGroup__Output } from '@modelgate/contracts';
import type { ChannelCircuitJson, ChannelJson, TagGroupJson } from '@modelgate/contracts/api';

/**
 * The channel fields of a read, from the one field list: an int64 one (as the proto carries it,
 * decimal text) as a JSON number, a secret one only when the read carries it.
 */
function fieldValues(channel: Channel__Output): ChannelFieldValues {
  const values: Partial<Record<keyof ChannelFieldValues, unknown>> = {};
  for (const name of CHANNEL_FIELD_NAMES) {
    const spec: ChannelFieldSpec = CHANNEL_FIELDS[name];
    const value = channel[name];
    if (value === undefined) continue;
    values[name] = spec.proto.readAs === 'int64' ? Number(value) : value;
  }
  return values as ChannelFieldValues;
}

/** A channel as `/api` returns it: its fields plus what the gateway keeps of it, int64 values as JSON numbers. */
export function channelJson(channel: Channel__Output): ChannelJson {
  return {
    ...fieldValues(channel),
    id: Number(channel.id),
    created_time: Number(channel.created_time),
    test_time: Number(channel.test_time),
    response_time: channel.response_time,
    balance: channel.balance,
    balance_updated_time: Number(channel.balance_updated_time),
    used_quota: Number(channel.used_quota),
    other_info: channel.other_info,
    external_ref: channel.external_ref,
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
