import type { LogEntry } from '@modelgate/contracts';

/**
 * Row ids shown to users are reduced modulo this, as in the reference: a user must not learn
 * from them how many log rows (requests) the whole gateway has written.
 */
export const SELF_ID_MODULUS = 1024;

/**
 * `other` as a user may see it: the JSON without `admin_info` (the channels tried for the
 * request). Text that is not a JSON object is not shown at all, since it cannot be checked.
 */
export function otherForUser(other: string): string {
  if (other === '') return '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(other);
  } catch {
    return '';
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return '';
  const { admin_info: _adminInfo, ...visible } = parsed as Record<string, unknown>;
  return JSON.stringify(visible);
}

/**
 * A log row as its owner sees it on the `self` endpoints (product spec §6: users never see
 * admin-only data): no channel id or name, no `other.admin_info`, and only `id % 1024`.
 */
export function toUserView(entry: LogEntry & { id: number; other: string }): LogEntry {
  return {
    ...entry,
    id: entry.id % SELF_ID_MODULUS,
    channel: 0,
    channel_name: '',
    other: otherForUser(entry.other),
  };
}
