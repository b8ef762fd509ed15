import { fromDateTimeInput } from '../logs/datetime-input';
import { quotaDataUrl } from './dashboard-api';
import { asGranularity, bucketLabel, defaultRange, modelColour, perMinute, summarize } from './dashboard-data';

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

  it('gives each model a stable colour', () => {
    expect(modelColour('gpt-4o')).toBe(modelColour('gpt-4o'));
    expect(modelColour('gpt-4o')).toMatch(/^#[0-9A-F]{6}$/);
  });
});
