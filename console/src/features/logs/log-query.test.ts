import { fromDateTimeInput, inputToUnixText, toDateTimeInput } from './datetime-input';
import { defaultLogFilters, logListUrl, logStatUrl } from './log-query';

const query = (url: string) => Object.fromEntries(new URLSearchParams(url.split('?')[1]));

describe('log query', () => {
  const now = new Date(2025, 5, 15, 12, 30, 0);

  it('defaults to every type from 30 days back to one hour ahead', () => {
    const filters = defaultLogFilters(now);
    expect(filters.type).toBe(0);
    expect(fromDateTimeInput(filters.start)?.getTime()).toBe(now.getTime() - 30 * 86_400_000);
    expect(fromDateTimeInput(filters.end)?.getTime()).toBe(now.getTime() + 3_600_000);
  });

  it('asks users for their own rows, without the admin-only filters, with times in Unix seconds', () => {
    const filters = { ...defaultLogFilters(now), modelName: ' gpt-4o ', username: 'bob', channel: '3' };
    const url = logListUrl(filters, false, 0, 20);
    expect(url.startsWith('api/log/self/?')).toBe(true);
    expect(query(url)).toEqual({
      p: '1',
      page_size: '20',
      type: '0',
      token_name: '',
      model_name: 'gpt-4o',
      start_timestamp: String(Math.floor(now.getTime() / 1000) - 30 * 86_400),
      end_timestamp: String(Math.floor(now.getTime() / 1000) + 3_600),
      group: '',
    });
  });

  it('sends admins every filter, empty ones as empty values, and 1-based pages', () => {
    const filters = { ...defaultLogFilters(now), type: 2, username: 'bob', channel: '', start: '', end: 'bad' };
    const url = logListUrl(filters, true, 2, 10);
    expect(url.startsWith('api/log/?')).toBe(true);
    expect(query(url)).toEqual({
      p: '3',
      page_size: '10',
      type: '2',
      username: 'bob',
      token_name: '',
      model_name: '',
      start_timestamp: '',
      end_timestamp: '',
      channel: '',
      group: '',
    });
  });

  it('builds the statistics call with the same filters and no paging', () => {
    const filters = { ...defaultLogFilters(now), tokenName: 'key-a' };
    expect(logStatUrl(filters, false).split('?')[0]).toBe('api/log/self/stat');
    expect(logStatUrl(filters, true).split('?')[0]).toBe('api/log/stat');
    expect(query(logStatUrl(filters, true))).toMatchObject({ token_name: 'key-a', username: '', channel: '' });
    expect(query(logStatUrl(filters, true)).p).toBeUndefined();
  });

  it('reads and writes datetime-local text in local time', () => {
    const date = new Date(2025, 0, 2, 3, 4, 5);
    expect(toDateTimeInput(date)).toBe('2025-01-02T03:04:05');
    expect(fromDateTimeInput('2025-01-02T03:04')?.getTime()).toBe(new Date(2025, 0, 2, 3, 4, 0).getTime());
    expect(fromDateTimeInput('2025-01-02T03:04:05.000')?.getTime()).toBe(date.getTime());
    expect(fromDateTimeInput('2025-02-30T00:00:00')).toBeNull();
    expect(inputToUnixText('')).toBe('');
    expect(inputToUnixText('2025-01-02T03:04:05')).toBe(String(date.getTime() / 1000));
  });
});
