import {
  CHANNEL_TYPES as CATALOGUE,
  type ChannelType,
  type ChannelTypeGroup,
  channelTypeStanding,
  type ExtraField,
  type UnservedNote,
} from '@modelgate/channel-types';
import i18n from '../../i18n';

/**
 * What the editor and the list need per channel type. Everything about a type (its inputs, key
 * format, examples, templates and whether the gateway serves it) comes from the one catalogue,
 * `@modelgate/channel-types`; the console adds only presentation: the notice shown above a
 * type's fields and the translated names (`channel:types.<id>`).
 */

export type { ChannelTypeGroup, ExtraField } from '@modelgate/channel-types';

/** A notice shown above a type's fields (translated under `channel:editor.notice.<name>`). */
export type TypeNotice = 'azure' | 'custom' | 'dify' | 'suno' | 'siliconCloud' | 'vertex';

const NOTICES: Readonly<Partial<Record<number, TypeNotice>>> = {
  3: 'azure',
  8: 'custom',
  36: 'suno',
  37: 'dify',
  40: 'siliconCloud',
  41: 'vertex',
};

/** A catalogue entry as the console uses it. */
export interface ChannelTypeSpec extends Pick<ChannelType, 'id' | 'name' | 'baseUrlField' | 'otherField' | 'key'> {
  notice?: TypeNotice;
  /** Shows the OpenAI organization input (the catalogue's `quirks.organization`). */
  organization: boolean;
  /** The provider answers balance queries (the catalogue's `rules.balance`). */
  balanceApi: boolean;
  /** Served, being added, or not supported (the catalogue's groups); an unknown type counts as served. */
  group: ChannelTypeGroup;
  /**
   * Why the gateway does not serve this type (the catalogue's note: a reason code the console
   * translates, and the English text); null when it does, or when the catalogue does not know the
   * type (such a stored channel stays editable).
   */
  unserved: Pick<UnservedNote, 'reason' | 'description'> | null;
}

function consoleSpec(entry: ChannelType): ChannelTypeSpec {
  const standing = channelTypeStanding(entry);
  return {
    id: entry.id,
    name: entry.name,
    baseUrlField: entry.baseUrlField,
    otherField: entry.otherField,
    key: entry.key,
    notice: NOTICES[entry.id],
    organization: entry.quirks?.organization === true,
    balanceApi: entry.rules.balance !== undefined,
    group: standing.group,
    unserved: standing.group === 'served' ? null : { reason: standing.reason, description: standing.description },
  };
}

/** Every type, in the catalogue's order, which is the editor's dropdown order. */
export const CHANNEL_TYPES: readonly ChannelTypeSpec[] = CATALOGUE.map(consoleSpec);

const BY_ID = new Map(CHANNEL_TYPES.map((spec) => [spec.id, spec]));

/** The plain address input a type the catalogue does not know keeps. */
const PLAIN_ADDRESS: ExtraField = { field: 'base_url', label: 'apiAddress', description: 'API address', required: false };

/** The spec of a type; an unknown stored type gets the plain defaults so it stays editable. */
export function channelTypeSpec(id: number): ChannelTypeSpec {
  return (
    BY_ID.get(id) ?? { id, name: String(id), baseUrlField: PLAIN_ADDRESS, organization: false, balanceApi: false, group: 'served', unserved: null }
  );
}

/** The group of a type: served, being added or not supported (an unknown stored type counts as served). */
export function channelTypeGroup(id: number): ChannelTypeGroup {
  return BY_ID.get(id)?.group ?? 'served';
}

/** The translated name of a group (`channel:types.groups.<group>`). */
export function channelTypeGroupName(group: ChannelTypeGroup): string {
  return i18n.t(`channel:types.groups.${group}`);
}

/**
 * Why the gateway does not serve channels of this type, in the current language, or null when it
 * does (or the type is unknown).
 */
export function unservedReason(id: number): string | null {
  const unserved = BY_ID.get(id)?.unserved;
  return unserved ? i18n.t(`channel:types.reasons.${unserved.reason}`) : null;
}

/** The type's name in the current language (`#<id>` for a type the console does not know). */
export function channelTypeName(id: number): string {
  const key = `channel:types.${id}`;
  return i18n.exists(key) ? i18n.t(key as 'channel:types.1') : `#${id}`;
}

/** The extra fields a type shows, in screen order (address first). */
export function extraFieldsOf(spec: ChannelTypeSpec): ExtraField[] {
  return [spec.baseUrlField, spec.otherField].filter((field): field is ExtraField => field !== null && field !== undefined);
}
