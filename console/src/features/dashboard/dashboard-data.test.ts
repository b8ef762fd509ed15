import { fromDateTimeInput } from '../logs/datetime-input';
import { quotaDataUrl } from './dashboard-api';
import {
  asGranularity,
  bucketLabel,
  bucketStarts,
  chartSeries,
  defaultRange,
  digitsForStep,
  MAX_FILLED_BUCKETS,
  modelColours,
  niceTicks,
  OTHER_COLOUR,
  PALETTE,
  perMinute,
  summarize,
  tooltipRows,
} from './dashboard-data';

/** 2025-06-02 00:00 UTC, a Monday. */
const W = 1_748_822_400;
const H = 3_600;
const D = 86_400;

describe('dashboard data', () => {
  it('sums quota per bucket and model, counts per model, and the totals', () => {
    const summary = summarize(
      [
        { model_name: 'gpt-4o', created_at: W + D, token_used: 80, count: 4, quota: 400 },
        { model_name: 'gpt-4o', created_at: W, token_used: 100, count: 6, quota: 450 },
        { model_name: 'claude-3', created_at: W, token_used: 100, count: 1, quota: 1_000 },
        { model_name: 'gpt-4o-mini', created_at: W + D, token_used: 7, count: 9, quota: 5 },
      ],
      'day',
    );
    expect(summary.buckets).toEqual([
      { time: W, label: '06-02', quotaByModel: { 'gpt-4o': 450, 'claude-3': 1_000 }, quota: 1_450, count: 7 },
      { time: W + D, label: '06-03', quotaByModel: { 'gpt-4o': 400, 'gpt-4o-mini': 5 }, quota: 405, count: 13 },
    ]);
    expect(summary.models).toEqual(['claude-3', 'gpt-4o', 'gpt-4o-mini']);
    expect(summary.callsByModel).toEqual([
      { model: 'gpt-4o', count: 10 },
      { model: 'gpt-4o-mini', count: 9 },
      { model: 'claude-3', count: 1 },
    ]);
    expect(summary.totals).toEqual({ quota: 1_855, tokens: 287, count: 20 });
  });

  it('gives empty data no buckets and zero totals', () => {
    expect(summarize([], 'hour')).toEqual({ models: [], buckets: [], callsByModel: [], totals: { quota: 0, tokens: 0, count: 0 } });
  });

  it('labels buckets by granularity', () => {
    const local = new Date(2025, 5, 2, 14, 0, 0).getTime() / 1000;
    expect(bucketLabel(local, 'hour')).toBe('06-02 14:00');
    expect(bucketLabel(W, 'day')).toBe('06-02');
    expect(bucketLabel(W, 'week')).toBe('06-02 - 06-08');
    expect(bucketLabel(W + 28 * D, 'week')).toBe('06-30 - 07-06');
  });

  it('defaults the range by granularity, ending an hour ahead and never over 30 days', () => {
    const now = new Date(2025, 5, 15, 12, 0, 0);
    const span = (granularity: 'hour' | 'day' | 'week') => {
      const { start, end } = defaultRange(granularity, now);
      return [fromDateTimeInput(start)!.getTime(), fromDateTimeInput(end)!.getTime()];
    };
    const hourMs = H * 1000;
    expect(span('hour')).toEqual([now.getTime() - 24 * hourMs, now.getTime() + hourMs]);
    expect(span('day')).toEqual([now.getTime() - 7 * 24 * hourMs, now.getTime() + hourMs]);
    const [start, end] = span('week');
    expect(end - start).toBe(30 * 24 * hourMs);
    expect(asGranularity('week')).toBe('week');
    expect(asGranularity('month')).toBe('hour');
  });

  it('averages per minute over the range with three decimals', () => {
    expect(perMinute(10, 0, 3 * 60)).toBe(3.333);
    expect(perMinute(10, 100, 100)).toBe(0);
  });

  it('builds the self and admin calls', () => {
    const args = { username: ' bob ', startTimestamp: '10', endTimestamp: '', granularity: 'day' as const };
    expect(quotaDataUrl({ ...args, admin: false })).toBe('api/data/self?start_timestamp=10&end_timestamp=&default_time=day');
    expect(quotaDataUrl({ ...args, admin: true })).toBe('api/data/?username=bob&start_timestamp=10&end_timestamp=&default_time=day');
  });

  it('fills the asked window with empty buckets, aligned as the server buckets', () => {
    const rows = [{ model_name: 'gpt-4o', created_at: W + 5 * H, token_used: 10, count: 2, quota: 30 }];
    const summary = summarize(rows, 'hour', { start: W + 90, end: W + 23 * H + 59 });
    expect(summary.buckets).toHaveLength(24);
    expect(summary.buckets[0]!.time).toBe(W);
    expect(summary.buckets[23]!.time).toBe(W + 23 * H);
    expect(summary.buckets.filter((bucket) => bucket.count > 0).map((bucket) => bucket.time)).toEqual([W + 5 * H]);
    expect(summary.buckets[4]).toMatchObject({ quota: 0, count: 0, quotaByModel: {} });
    // Weeks start on Monday 00:00 UTC; days are UTC days.
    expect(bucketStarts(W + 3 * D, W + 20 * D, 'week')).toEqual([W, W + 7 * D, W + 14 * D]);
    expect(bucketStarts(W + 5, W + 2 * D - 1, 'day')).toEqual([W, W + D]);
    // No filling for no data, a reversed window, or one needing too many buckets.
    expect(summarize([], 'hour', { start: W, end: W + D }).buckets).toEqual([]);
    expect(bucketStarts(W + D, W, 'hour')).toEqual([]);
    expect(bucketStarts(W, W + MAX_FILLED_BUCKETS * H, 'hour')).toEqual([]);
    expect(summarize(rows, 'hour', { start: W, end: W + 400 * D }).buckets).toHaveLength(1);
  });

  it('makes unique, round axis ticks that cover the largest value', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(1, 5, true)).toEqual([0, 1]);
    expect(niceTicks(3, 5, true)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0.0007)).toEqual([0, 0.0002, 0.0004, 0.0006, 0.0008]);
    expect(niceTicks(1_234)).toEqual([0, 250, 500, 750, 1_000, 1_250]);
    for (const max of [0.00003, 0.9, 7, 99, 12_345, 4e9]) {
      const ticks = niceTicks(max);
      expect(new Set(ticks).size).toBe(ticks.length);
      expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(max);
      const digits = digitsForStep(ticks[1]! - ticks[0]!, 2);
      const labels = ticks.map((tick) => tick.toFixed(digits));
      expect(new Set(labels).size).toBe(labels.length);
    }
    expect(digitsForStep(0.25, 2)).toBe(2);
    expect(digitsForStep(0.0002, 2)).toBe(4);
  });

  it('colours up to 12 models apart and folds the rest into one grey series', () => {
    const twelve = Array.from({ length: 12 }, (_, index) => `model-${index}`);
    const colours = modelColours(twelve);
    expect(new Set(colours.values()).size).toBe(12);
    expect(new Set(PALETTE).size).toBe(PALETTE.length);
    expect(chartSeries(twelve).map((series) => series.model)).toEqual(twelve);

    const fifteen = Array.from({ length: 15 }, (_, index) => `model-${index}`);
    const series = chartSeries(fifteen);
    expect(series).toHaveLength(12);
    expect(series[11]).toMatchObject({ model: '', colour: OTHER_COLOUR });
    const bucket = { time: W, label: '', quota: 0, count: 0, quotaByModel: { 'model-0': 5, 'model-12': 2, 'model-14': 3 } };
    expect(series[0]!.quotaIn(bucket)).toBe(5);
    expect(series[11]!.quotaIn(bucket)).toBe(5);
  });

  it('lists tooltip values largest first, without zeros, with their total', () => {
    expect(
      tooltipRows([
        { name: 'a-small', value: 1 },
        { name: 'zero', value: 0 },
        { name: 'z-large', value: 9 },
        { name: 'b-mid', value: 4 },
      ]),
    ).toEqual({ rows: [{ name: 'z-large', value: 9 }, { name: 'b-mid', value: 4 }, { name: 'a-small', value: 1 }], total: 14 });
  });
});
