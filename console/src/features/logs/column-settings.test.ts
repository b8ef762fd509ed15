import { LOG_COLUMNS_KEY, readColumnChoice, visibleColumns, writeColumnChoice } from './column-settings';

describe('log column settings', () => {
  it('never shows the admin-only columns to users, whatever is stored', () => {
    const columns = visibleColumns({ channel: true, user: true }, false);
    expect(columns).not.toContain('channel');
    expect(columns).not.toContain('user');
    expect(visibleColumns({}, true)).toEqual(expect.arrayContaining(['channel', 'user']));
  });

  it('remembers hidden columns in local storage under logs-table-columns', () => {
    writeColumnChoice({ details: false, quota: true });
    expect(JSON.parse(window.localStorage.getItem(LOG_COLUMNS_KEY) ?? '')).toEqual({ details: false, quota: true });
    const choice = readColumnChoice();
    expect(visibleColumns(choice, false)).not.toContain('details');
    expect(visibleColumns(choice, false)).toContain('quota');
  });

  it('ignores a stored value that is not a column choice', () => {
    window.localStorage.setItem(LOG_COLUMNS_KEY, '["time"]');
    expect(readColumnChoice()).toEqual({});
    window.localStorage.setItem(LOG_COLUMNS_KEY, '{"time": "no", "bogus": false}');
    expect(readColumnChoice()).toEqual({});
  });
});
