import type { adminLogFilterQuery, QueryOf } from '@modelgate/contracts/api';
import { toDateTimeInput, inputToUnixText } from './datetime-input';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The log page's filters as the form holds them (times as `datetime-local` text). */
export interface LogFilters {
  type: number;
  tokenName: string;
  modelName: string;
  group: string;
  start: string;
  end: string;
  /** Admin only. */
  username: string;
  /** Admin only: a channel id, as typed. */
  channel: string;
}

/** Default filters (spec §9): all types, from 30 days back to one hour ahead. */
export function defaultLogFilters(now = new Date()): LogFilters {
  return {
    type: 0,
    tokenName: '',
    modelName: '',
    group: '',
    start: toDateTimeInput(new Date(now.getTime() - 30 * DAY_MS)),
    end: toDateTimeInput(new Date(now.getTime() + HOUR_MS)),
    username: '',
    channel: '',
  };
}

/**
 * The filter part of the query string shared by the list and the statistics. Every filter is
 * sent, empty ones as empty values; users' queries leave out username and channel.
 */
export function logFilterParams(filters: LogFilters, admin: boolean): URLSearchParams {
  const query: QueryOf<typeof adminLogFilterQuery> = {
    type: filters.type,
    ...(admin ? { username: filters.username.trim() } : {}),
    token_name: filters.tokenName.trim(),
    model_name: filters.modelName.trim(),
    start_timestamp: inputToUnixText(filters.start),
    end_timestamp: inputToUnixText(filters.end),
    ...(admin ? { channel: filters.channel.trim() } : {}),
    group: filters.group.trim(),
  };
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) params.set(name, String(value));
  return params;
}

/** `/api/log/` (admins) or `/api/log/self/` with the 1-based page `p` (from the 0-based `page`). */
export function logListUrl(filters: LogFilters, admin: boolean, page: number, pageSize: number): string {
  const params = new URLSearchParams({ p: String(page + 1), page_size: String(pageSize) });
  for (const [name, value] of logFilterParams(filters, admin)) params.append(name, value);
  return `api/log/${admin ? '' : 'self/'}?${params.toString()}`;
}

/** `/api/log/stat` (admins) or `/api/log/self/stat` with the same filters. */
export function logStatUrl(filters: LogFilters, admin: boolean): string {
  return `api/log/${admin ? '' : 'self/'}stat?${logFilterParams(filters, admin).toString()}`;
}
