import { CHANNEL_PRIORITY, CHANNEL_WEIGHT } from '@modelgate/channel-types';
import type { Channel, ChannelListEntry, TagGroup } from './channels-api';

/** Channel status (spec §4): 1 enabled, 2 disabled, 3 auto-disabled. */
export const ChannelStatus = { enabled: 1, disabled: 2, autoDisabled: 3 } as const;

export type StatusLabel = 'enabled' | 'disabled' | 'autoDisabled' | 'unknown' | 'mixed';

export function statusLabel(status: number | null): StatusLabel {
  if (status === null) return 'mixed';
  if (status === ChannelStatus.enabled) return 'enabled';
  if (status === ChannelStatus.disabled) return 'disabled';
  if (status === ChannelStatus.autoDisabled) return 'autoDisabled';
  return 'unknown';
}

export function isTagGroup(entry: ChannelListEntry): entry is TagGroup {
  return Array.isArray((entry as TagGroup).children);
}

/** The reason and time an auto-disabled channel carries in `other_info`, when readable. */
export function disabledReason(channel: Pick<Channel, 'other_info'>): { reason: string; time: number } | null {
  if (!channel.other_info) return null;
  try {
    const info = JSON.parse(channel.other_info) as { status_reason?: unknown; status_time?: unknown };
    if (!info || typeof info !== 'object') return null;
    const reason = typeof info.status_reason === 'string' ? info.status_reason : '';
    const time = Number(info.status_time) || 0;
    return reason || time ? { reason, time } : null;
  } catch {
    return null;
  }
}

/** How a channel's last test went, as relay keeps it in `other_info.last_test`. */
export interface LastTest {
  success: boolean;
  /** The provider's reason when it failed; empty when it passed. */
  message: string;
  model: string;
  /** Unix seconds. */
  time: number;
}

/** The channel's last test, when `other_info` records one. */
export function lastTest(channel: Pick<Channel, 'other_info'>): LastTest | null {
  if (!channel.other_info) return null;
  try {
    const info = JSON.parse(channel.other_info) as { last_test?: Partial<LastTest> } | null;
    const test = info && typeof info === 'object' ? info.last_test : undefined;
    if (!test || typeof test !== 'object' || typeof test.success !== 'boolean') return null;
    return {
      success: test.success,
      message: typeof test.message === 'string' ? test.message : '',
      model: typeof test.model === 'string' ? test.model : '',
      time: Number(test.time) || 0,
    };
  } catch {
    return null;
  }
}

export type ResponseTimeTone = 'untested' | 'green' | 'lime' | 'yellow' | 'red';

/** Spec §4: 0 untested; up to 1 s green; up to 3 s lime; up to 5 s yellow; above red. */
export function responseTimeTone(milliseconds: number): ResponseTimeTone {
  if (!milliseconds) return 'untested';
  if (milliseconds <= 1000) return 'green';
  if (milliseconds <= 3000) return 'lime';
  if (milliseconds <= 5000) return 'yellow';
  return 'red';
}

/** Seconds with two decimals, as the list shows response times. */
export function formatSeconds(milliseconds: number): string {
  return (milliseconds / 1000).toFixed(2);
}

/** The Kubernetes resource managing a channel (`k8s:ns/name` → `ns/name`), or null when the console owns it. */
export function managedResource(channel: Partial<Pick<Channel, 'external_ref'>>): string | null {
  const ref = channel.external_ref?.trim();
  if (!ref) return null;
  return ref.startsWith('k8s:') ? ref.slice(4) : ref;
}

/** A comma list as names, blanks dropped, `default` first (as the group column shows them). */
export function splitNames(list: string | null | undefined, defaultFirst = false): string[] {
  const names = (list ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!defaultFirst) return names;
  return [...names.filter((name) => name === 'default'), ...names.filter((name) => name !== 'default')];
}

export { hasNextPage } from '../../common/paging';

export type NumberEdit = { ok: true; value: number } | { ok: false; reason: 'empty' | 'notInteger' | 'tooLow' | 'tooHigh' } | { ok: false; reason: 'unchanged' };

export const MIN_PRIORITY = CHANNEL_PRIORITY.min;

/**
 * An inline priority or weight edit (spec §5 "Channels"): empty or unchanged is ignored; priority
 * is an integer not below -999; weight a non-negative integer, a negative one becoming 0 for a
 * single channel (and refused for a tag).
 */
export function parseNumberEdit(
  field: 'priority' | 'weight',
  text: string,
  current: number | null,
  forTag = false,
): NumberEdit {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'empty' };
  const value = Number(trimmed);
  if (!Number.isInteger(value)) return { ok: false, reason: 'notInteger' };
  let accepted = value;
  if (field === 'priority' && value < MIN_PRIORITY) return { ok: false, reason: 'tooLow' };
  if (value > (field === 'priority' ? CHANNEL_PRIORITY.max : CHANNEL_WEIGHT.max)) return { ok: false, reason: 'tooHigh' };
  if (field === 'weight' && value < 0) {
    if (forTag) return { ok: false, reason: 'tooLow' };
    accepted = 0;
  }
  if (accepted === current) return { ok: false, reason: 'unchanged' };
  return { ok: true, value: accepted };
}

/** The channels a row stands for: itself, or a tag's children. */
export function channelsOf(entry: ChannelListEntry): Channel[] {
  return isTagGroup(entry) ? entry.children : [entry];
}

/** A row's stable key: `c<id>` for a channel, `t<tag>` for a tag's aggregate. */
export function entryKey(entry: ChannelListEntry): string {
  return isTagGroup(entry) ? `t${entry.tag}` : `c${entry.id}`;
}
