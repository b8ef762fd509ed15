import { readChannelColumns, visibleChannelColumns, writeChannelColumns, CHANNEL_COLUMNS_KEY } from './channel-columns';
import { aChannel, aTagGroup } from './channel-list-fixtures';
import {
  channelsOf,
  disabledReason,
  entryKey,
  formatSeconds,
  hasNextPage,
  isTagGroup,
  managedResource,
  parseNumberEdit,
  responseTimeTone,
  splitNames,
  statusLabel,
} from './channel-list-model';

describe('channel list helpers', () => {
  it('colours response times as spec §4 says', () => {
    expect(responseTimeTone(0)).toBe('untested');
    expect(responseTimeTone(1)).toBe('green');
    expect(responseTimeTone(1000)).toBe('green');
    expect(responseTimeTone(1001)).toBe('lime');
    expect(responseTimeTone(3000)).toBe('lime');
    expect(responseTimeTone(3001)).toBe('yellow');
    expect(responseTimeTone(5000)).toBe('yellow');
    expect(responseTimeTone(5001)).toBe('red');
    expect(formatSeconds(1234)).toBe('1.23');
  });

  it('names statuses, with mixed for a tag whose children differ', () => {
    expect([1, 2, 3, 9, null].map(statusLabel)).toEqual(['enabled', 'disabled', 'autoDisabled', 'unknown', 'mixed']);
  });

  it('reads the auto-disable reason and time, ignoring unreadable info', () => {
    expect(disabledReason({ other_info: '{"status_reason":"quota exceeded","status_time":1700000000}' })).toEqual({
      reason: 'quota exceeded',
      time: 1_700_000_000,
    });
    expect(disabledReason({ other_info: '' })).toBeNull();
    expect(disabledReason({ other_info: 'not json' })).toBeNull();
    expect(disabledReason({ other_info: '{}' })).toBeNull();
  });

  it('names the Kubernetes resource of a managed channel', () => {
    expect(managedResource({ external_ref: 'k8s:prod/openai' })).toBe('prod/openai');
    expect(managedResource({ external_ref: '' })).toBeNull();
    expect(managedResource({})).toBeNull();
  });

  it('splits comma lists, default group first when asked', () => {
    expect(splitNames('vip, default,,svip')).toEqual(['vip', 'default', 'svip']);
    expect(splitNames('vip,default,svip', true)).toEqual(['default', 'vip', 'svip']);
    expect(splitNames(null)).toEqual([]);
  });

  it('knows a short page is the last one', () => {
    expect(hasNextPage(10, 10)).toBe(true);
    expect(hasNextPage(9, 10)).toBe(false);
    expect(hasNextPage(0, 10)).toBe(false);
  });

  it('checks inline priority and weight edits (spec §5)', () => {
    expect(parseNumberEdit('priority', ' 5 ', 0)).toEqual({ ok: true, value: 5 });
    expect(parseNumberEdit('priority', '-999', 0)).toEqual({ ok: true, value: -999 });
    expect(parseNumberEdit('priority', '-1000', 0)).toEqual({ ok: false, reason: 'tooLow' });
    expect(parseNumberEdit('priority', '99999999999', 0)).toEqual({ ok: false, reason: 'tooHigh' });
    expect(parseNumberEdit('weight', '1000001', 0)).toEqual({ ok: false, reason: 'tooHigh' });
    expect(parseNumberEdit('weight', '1000000', 0)).toEqual({ ok: true, value: 1_000_000 });
    expect(parseNumberEdit('priority', '1.5', 0)).toEqual({ ok: false, reason: 'notInteger' });
    expect(parseNumberEdit('priority', '', 0)).toEqual({ ok: false, reason: 'empty' });
    expect(parseNumberEdit('priority', '3', 3)).toEqual({ ok: false, reason: 'unchanged' });
    expect(parseNumberEdit('weight', '-4', 2)).toEqual({ ok: true, value: 0 });
    expect(parseNumberEdit('weight', '-4', 0)).toEqual({ ok: false, reason: 'unchanged' });
    expect(parseNumberEdit('weight', '-4', null, true)).toEqual({ ok: false, reason: 'tooLow' });
    expect(parseNumberEdit('weight', '7', null, true)).toEqual({ ok: true, value: 7 });
  });

  it('tells tag aggregates from channels', () => {
    const channel = aChannel({ id: 4 });
    const group = aTagGroup('team', [aChannel({ id: 1 }), aChannel({ id: 2 })]);
    expect(isTagGroup(channel)).toBe(false);
    expect(isTagGroup(group)).toBe(true);
    expect(channelsOf(group).map((child) => child.id)).toEqual([1, 2]);
    expect(channelsOf(channel)).toEqual([channel]);
    expect([entryKey(channel), entryKey(group)]).toEqual(['c4', 'tteam']);
  });
});

describe('channel column choice', () => {
  beforeEach(() => window.localStorage.clear());

  it('remembers hidden columns and ignores stored junk', () => {
    expect(visibleChannelColumns(readChannelColumns())).toContain('weight');
    writeChannelColumns({ weight: false, type: false });
    expect(visibleChannelColumns(readChannelColumns())).not.toEqual(expect.arrayContaining(['weight']));
    expect(visibleChannelColumns(readChannelColumns())).not.toContain('type');
    window.localStorage.setItem(CHANNEL_COLUMNS_KEY, '{"weight":"no","bogus":false}');
    expect(readChannelColumns()).toEqual({});
    window.localStorage.setItem(CHANNEL_COLUMNS_KEY, '[1]');
    expect(readChannelColumns()).toEqual({});
  });
});
