import type { QuotaDataJson } from '@modelgate/contracts/api';
import { toDateTimeInput } from '../logs/datetime-input';

/** Bucket sizes of the dashboard (spec §9 "Data-export granularities"). */
export const GRANULARITIES = ['hour', 'day', 'week'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/**
 * What the dashboard reads of a row of `/api/data/...`: a model's usage in one time bucket
 * (bucket start in Unix seconds); the user it belongs to is not charted.
 */
export type QuotaDataRow = Omit<QuotaDataJson, 'user_id' | 'username'>;

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

/**
 * Length and offset of each bucket in seconds, as the server buckets them: hours, UTC days, and
 * weeks starting Monday 00:00 UTC (four days after the epoch, a Thursday).
 */
const BUCKETS: Record<Granularity, { size: number; offset: number }> = {
  hour: { size: 3_600, offset: 0 },
  day: { size: 86_400, offset: 0 },
  week: { size: 604_800, offset: 4 * 86_400 },
};

/** Most buckets a window is filled with; a longer window shows only the buckets with data. */
export const MAX_FILLED_BUCKETS = 744;

/** The start (Unix seconds) of the bucket holding `seconds`. */
export function bucketStart(seconds: number, granularity: Granularity): number {
  const { size, offset } = BUCKETS[granularity];
  return Math.floor((seconds - offset) / size) * size + offset;
}

/**
 * Every bucket start from the one holding `start` to the one holding `end`, so a chart spans the
 * whole window it was asked for; empty when the window is reversed, not finite, or would need
 * more than {@link MAX_FILLED_BUCKETS} buckets.
 */
export function bucketStarts(start: number, end: number, granularity: Granularity): number[] {
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return [];
  const { size } = BUCKETS[granularity];
  const first = bucketStart(start, granularity);
  const last = bucketStart(end, granularity);
  if ((last - first) / size + 1 > MAX_FILLED_BUCKETS) return [];
  const starts: number[] = [];
  for (let time = first; time <= last; time += size) starts.push(time);
  return starts;
}

/** Sums the rows per bucket and per model, in time order, with the overall totals. */
export function summarize(
  rows: QuotaDataRow[],
  granularity: Granularity,
  window?: { start: number; end: number },
): DashboardSummary {
  const buckets = new Map<number, Bucket>();
  const emptyBucket = (time: number): Bucket => ({ time, label: bucketLabel(time, granularity), quotaByModel: {}, quota: 0, count: 0 });
  // Rows with data are few; the window's other buckets are there as zeros.
  if (window && rows.length > 0) {
    for (const time of bucketStarts(window.start, window.end, granularity)) buckets.set(time, emptyBucket(time));
  }
  const quotaPerModel = new Map<string, number>();
  const callsPerModel = new Map<string, number>();
  const totals = { quota: 0, tokens: 0, count: 0 };
  for (const row of rows) {
    let bucket = buckets.get(row.created_at);
    if (!bucket) {
      bucket = emptyBucket(row.created_at);
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

/**
 * A categorical palette of 12 hues that stay apart from each other on light and dark
 * backgrounds (Blueprint's "vivid" extended colours, ordered so neighbours contrast).
 */
export const PALETTE = [
  '#2D72D2', // blue
  '#C87619', // orange
  '#238551', // green
  '#CD4246', // red
  '#7961DB', // violet
  '#00A396', // turquoise
  '#D1980B', // gold
  '#DB2C6F', // rose
  '#147EB3', // cerulean
  '#8EB125', // lime
  '#9D3F9D', // indigo-purple
  '#8F7C5B', // sepia
] as const;

/** Colour of everything past the palette's last model ("other models"). */
export const OTHER_COLOUR = '#738091';

/**
 * Colours for the chart's models, given largest first: each of the first 12 its own palette
 * colour (by rank, so two models never share one), any further models the neutral grey.
 */
export function modelColours(models: readonly string[]): Map<string, string> {
  return new Map(models.map((model, index) => [model, index < PALETTE.length ? PALETTE[index]! : OTHER_COLOUR]));
}

/**
 * Axis ticks from 0 to at least `max`: about `target` steps of 1, 2, 2.5 or 5 times a power of
 * ten, so no two ticks are equal; `[0, 1]` for an empty chart. `integer` keeps steps whole.
 */
export function niceTicks(max: number, target = 5, integer = false): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1];
  const rough = max / target;
  const power = 10 ** Math.floor(Math.log10(rough));
  let step = ([1, 2, 2.5, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? 10 * power);
  if (integer) step = Math.max(1, Math.ceil(step));
  const count = Math.ceil(max / step - 1e-9);
  const ticks: number[] = [];
  for (let index = 0; index <= count; index += 1) ticks.push(Number((index * step).toPrecision(12)));
  return ticks;
}

/** Fraction digits that tell ticks `step` apart (at least `min`, at most 8). */
export function digitsForStep(step: number, min = 0): number {
  if (!(step > 0)) return min;
  let digits = min;
  while (digits < 8 && Math.abs(Number(step.toFixed(digits)) - step) > step * 1e-6) digits += 1;
  return digits;
}

/** A tooltip's rows: non-zero values, largest first, and their total. */
export function tooltipRows(values: ReadonlyArray<{ name: string; value: number }>): {
  rows: Array<{ name: string; value: number }>;
  total: number;
} {
  const rows = values.filter((entry) => entry.value !== 0).sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
  return { rows, total: rows.reduce((sum, entry) => sum + entry.value, 0) };
}

/** One series of the quota chart: a model (or every model past the palette) and its colour. */
export interface ChartSeries {
  /** The model's name; empty for "other models". */
  model: string;
  colour: string;
  /** The quota of this series in a bucket. */
  quotaIn(bucket: Bucket): number;
}

/**
 * The quota chart's series, largest model first: up to 12 models each in its own colour; with
 * more, the 11 largest and one grey "other models" series summing the rest.
 */
export function chartSeries(models: readonly string[]): ChartSeries[] {
  const own = models.length > PALETTE.length ? models.slice(0, PALETTE.length - 1) : models;
  const colours = modelColours(own);
  const series: ChartSeries[] = own.map((model) => ({
    model,
    colour: colours.get(model)!,
    quotaIn: (bucket) => bucket.quotaByModel[model] ?? 0,
  }));
  if (own.length < models.length) {
    const rest = models.slice(own.length);
    series.push({
      model: '',
      colour: OTHER_COLOUR,
      quotaIn: (bucket) => rest.reduce((sum, model) => sum + (bucket.quotaByModel[model] ?? 0), 0),
    });
  }
  return series;
}
