import { CHANNEL_FIELD_NAMES, CHANNEL_FIELDS, type ChannelFieldSpec } from '@modelgate/channel-types';
import type { Channel, TagGroup } from '@modelgate/contracts';
import type { ChannelEntity } from '@modelgate/db';

/**
 * A stored channel as the admin API shows it: every field of the channel field list plus what
 * the gateway keeps of the channel. The secret fields (the key) are left out unless `includeKey`
 * (only a super admin's explicit request); nullable text columns read as empty strings, a
 * missing external reference included.
 */
export function toChannelMessage(row: ChannelEntity, includeKey = false): Channel {
  const fields: Record<string, unknown> = {};
  for (const name of CHANNEL_FIELD_NAMES) {
    const spec: ChannelFieldSpec = CHANNEL_FIELDS[name];
    if (spec.secret && !includeKey) continue;
    fields[name] = row[name] ?? '';
  }
  return {
    ...fields,
    id: row.id,
    created_time: row.created_time,
    test_time: row.test_time,
    response_time: row.response_time,
    balance: row.balance,
    balance_updated_time: row.balance_updated_time,
    used_quota: row.used_quota,
    other_info: row.other_info ?? '',
    external_ref: row.external_ref ?? '',
  };
}

/** The value every member shares, or undefined when they differ (or there are none). */
function shared<T>(values: readonly T[]): T | undefined {
  const [first] = values;
  return values.every((value) => value === first) ? first : undefined;
}

/**
 * A tag's aggregate row (spec §3): its channels, their groups combined (first appearance
 * first), used quota summed, response time averaged; priority, weight and status only when every
 * channel shares them.
 */
export function toTagGroup(tag: string, children: readonly ChannelEntity[]): TagGroup {
  const groups = new Set<string>();
  for (const child of children) {
    for (const group of child.group.split(',')) if (group.trim() !== '') groups.add(group.trim());
  }
  const usedQuota = children.reduce((sum, child) => sum + Number(child.used_quota), 0);
  const responseTime = children.length === 0 ? 0 : children.reduce((sum, child) => sum + child.response_time, 0) / children.length;
  const priority = shared(children.map((child) => Number(child.priority)));
  const weight = shared(children.map((child) => child.weight));
  const status = shared(children.map((child) => child.status));
  return {
    tag,
    children: children.map((child) => toChannelMessage(child)),
    group: [...groups].join(','),
    used_quota: usedQuota,
    response_time: Math.round(responseTime),
    ...(priority !== undefined ? { priority } : {}),
    ...(weight !== undefined ? { weight } : {}),
    ...(status !== undefined ? { status } : {}),
  };
}
