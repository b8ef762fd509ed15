import { CHANNEL_FIELD_NAMES, CHANNEL_FIELDS } from '@modelgate/channel-types';
import type { Channel, TagGroup } from './channels-api';

/** Every channel field at its empty value: 0 for numbers, '' for text. */
function emptyFields(): Omit<Channel, 'id'> {
  const fields: Record<string, string | number> = {};
  for (const name of CHANNEL_FIELD_NAMES) fields[name] = CHANNEL_FIELDS[name].kind === 'int' || CHANNEL_FIELDS[name].kind === 'number' ? 0 : '';
  return fields as unknown as Omit<Channel, 'id'>;
}

/** A channel as the list returns it, for tests. */
export function aChannel(fields: Partial<Channel> & { id: number }): Channel {
  return {
    ...emptyFields(),
    circuit: null,
    name: `channel-${fields.id}`,
    type: 1,
    status: 1,
    response_time: 0,
    test_time: 0,
    balance: 0,
    balance_updated_time: 0,
    used_quota: 0,
    models: 'gpt-4o-mini,gpt-4o',
    group: 'default',
    priority: 0,
    weight: 0,
    tag: '',
    other_info: '',
    external_ref: '',
    created_time: 1_700_000_000,
    ...fields,
  };
}

/** A tag's aggregate row, for tests. */
export function aTagGroup(tag: string, children: Channel[], fields: Partial<TagGroup> = {}): TagGroup {
  return {
    tag,
    name: tag,
    group: 'default',
    used_quota: children.reduce((sum, child) => sum + child.used_quota, 0),
    response_time: 0,
    priority: null,
    weight: null,
    status: 1,
    children,
    ...fields,
  };
}
