import { toDateTimeInput } from '../logs/datetime-input';

/** Bucket sizes of the dashboard (spec §9 "Data-export granularities"). */
export const GRANULARITIES = ['hour', 'day', 'week'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** One row of `/api/data/...`: a model's usage in one time bucket (bucket start in Unix seconds). */
export interface QuotaDataRow {
  user_id?: number;
  username?: string;
  model_name: string;
  created_at: number;
  token_used: number;
  count: number;
  quota: number;
}

/** One time bucket for the charts: its label, quota per model and its totals. */
export interface Bucket {
  time: number;
  label: string;
  quotaByModel: Record<string, number>;
  quota: number;
  count: number;
}

export interface DashboardSummary {
  /** Models by total quota, largest first (the chart series). */
  models: string[];
  buckets: Bucket[];
  callsByModel: Array<{ model: string; count: number }>;
  totals: { quota: number; tokens: number; count: number };
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export function asGranularity(value: string | undefined): Granularity {
  return (GRANULARITIES as readonly string[]).includes(value ?? '') ? (value as Granularity) : 'hour';
}

/**
 * Default range for a granularity, ending one hour ahead: a day back for hours, a week for days,
 * 30 days for weeks (the longest span the server accepts for users).
 */
export function defaultRange(granularity: Granularity, now = new Date()): { start: string; end: string } {
  const end = new Date(now.getTime() + HOUR_MS);
  const start =
    granularity === 'hour'
      ? new Date(now.getTime() - DAY_MS)
      : granularity === 'day'
        ? new Date(now.getTime() - 7 * DAY_MS)
        : new Date(end.getTime() - 30 * DAY_MS);
  return { start: toDateTimeInput(start), end: toDateTimeInput(end) };
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The label of a bucket starting at `seconds`: `MM-DD HH:00` for hours (local time), `MM-DD` for
 * days and `MM-DD - MM-DD` for weeks (day and week buckets are UTC days, labelled as such).
 */
export function bucketLabel(seconds: number, granularity: Granularity): string {
  const date = new Date(seconds * 1000);
  if (granularity === 'hour') {
    return `${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:00`;
  }
  const day = (value: Date) => `${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  if (granularity === 'day') return day(date);
  return `${day(date)} - ${day(new Date(date.getTime() + 6 * DAY_MS))}`;
}

/** Sums the rows per bucket and per model, in time order, with the overall totals. */
export function summarize(rows: QuotaDataRow[], granularity: Granularity): DashboardSummary {
  const buckets = new Map<number, Bucket>();
  const quotaPerModel = new Map<string, number>();
  const callsPerModel = new Map<string, number>();
  const totals = { quota: 0, tokens: 0, count: 0 };
  for (const row of rows) {
    let bucket = buckets.get(row.created_at);
    if (!bucket) {
      bucket = { time: row.created_at, label: bucketLabel(row.created_at, granularity), quotaByModel: {}, quota: 0, count: 0 };
      buckets.set(row.created_at, bucket);
    }
    bucket.quotaByModel[row.model_name] = (bucket.quotaByModel[row.model_name] ?? 0) + row.quota;
    bucket.quota += row.quota;
    bucket.count += row.count;
    quotaPerModel.set(row.model_name, (quotaPerModel.get(row.model_name) ?? 0) + row.quota);
    callsPerModel.set(row.model_name, (callsPerModel.get(row.model_name) ?? 0) + row.count);
    totals.quota += row.quota;
    totals.tokens += row.token_used;
    totals.count += row.count;
  }
  const models = [...quotaPerModel.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([model]) => model);
  const callsByModel = [...callsPerModel.entries()]
    .map(([model, count]) => ({ model, count }))
    .sort((a, b) => b.count - a.count || a.model.localeCompare(b.model));
  return { models, buckets: [...buckets.values()].sort((a, b) => a.time - b.time), callsByModel, totals };
}

/** Average per minute over the range (3 decimals); 0 for an empty or reversed range. */
export function perMinute(value: number, startSeconds: number, endSeconds: number): number {
  const minutes = (endSeconds - startSeconds) / 60;
  if (!(minutes > 0)) return 0;
  return Math.round((value / minutes) * 1000) / 1000;
}

/** Mid-tone colours readable on light and dark backgrounds. */
const PALETTE = [
  '#2D72D2', '#238551', '#C87619', '#CD4246', '#7961DB', '#147EB3', '#29A634', '#D1980B',
  '#DB2C6F', '#00A396', '#8EB125', '#9D3F9D', '#D33D17', '#634DBF', '#0F9960',
];

/** A stable colour per model name. */
export function modelColour(model: string): string {
  let hash = 0;
  for (const char of model) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length];
}
