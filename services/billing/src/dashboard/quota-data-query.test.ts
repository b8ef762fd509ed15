import { granularityOf, MAX_SELF_SPAN_SECONDS, quotaDataQueryOf, SPAN_TOO_LONG } from './quota-data-query';

const request = (fields: Partial<{ username: string; start_timestamp: string; end_timestamp: string; granularity: string }>) => ({
  caller: null,
  username: '',
  start_timestamp: '0',
  end_timestamp: '0',
  granularity: '',
  ...fields,
});
const now = 1_790_000_000;

describe('quotaDataQueryOf', () => {
  it('defaults to the last 30 days in hours', () => {
    expect(quotaDataQueryOf(request({}), { kind: 'self', userId: 3 }, now)).toEqual({
      userId: 3,
      start: now - MAX_SELF_SPAN_SECONDS,
      end: now,
      granularity: 'hour',
    });
  });

  it('limits users to one month and lets admins ask for more, or for one username', () => {
    const long = request({ start_timestamp: '1000', end_timestamp: String(1000 + MAX_SELF_SPAN_SECONDS + 1) });
    expect(() => quotaDataQueryOf(long, { kind: 'self', userId: 3 }, now)).toThrow(SPAN_TOO_LONG);
    expect(quotaDataQueryOf({ ...long, username: ' bob ' }, { kind: 'admin', userId: 1 }, now)).toMatchObject({ username: 'bob', start: 1000 });
    const short = request({ start_timestamp: '1000', end_timestamp: '5000', username: 'bob' });
    expect(quotaDataQueryOf(short, { kind: 'self', userId: 3 }, now)).toEqual({ userId: 3, start: 1000, end: 5000, granularity: 'hour' });
  });

  it('refuses bad numbers and unknown granularities', () => {
    expect(() => quotaDataQueryOf(request({ end_timestamp: '-1' }), { kind: 'admin', userId: 1 }, now)).toThrow('end_timestamp 必须是非负整数');
    expect(() => granularityOf('month')).toThrow('default_time 只能是 hour、day 或 week');
    expect(['hour', 'day', 'week', ' day '].map(granularityOf)).toEqual(['hour', 'day', 'week', 'day']);
  });
});
