import { drawingTaskCriteriaOf, filterMilliseconds } from './drawing-task-filter';

const filter = { channel_id: '7', mj_id: ' mj-42 ', start_timestamp: '1700000000', end_timestamp: '1700000100000' };

describe('drawingTaskCriteriaOf', () => {
  it('keeps every filter for admins, times in milliseconds', () => {
    expect(drawingTaskCriteriaOf(filter, { kind: 'admin', userId: 1 })).toEqual({
      channelId: 7,
      mjId: 'mj-42',
      startMs: 1_700_000_000_000,
      endMs: 1_700_000_100_000,
    });
  });

  it('pins users to their own tasks and ignores the channel filter', () => {
    expect(drawingTaskCriteriaOf(filter, { kind: 'self', userId: 42 })).toEqual({
      userId: 42,
      mjId: 'mj-42',
      startMs: 1_700_000_000_000,
      endMs: 1_700_000_100_000,
    });
  });

  it('drops empty filters', () => {
    const empty = { channel_id: '0', mj_id: '', start_timestamp: '0', end_timestamp: '0' };
    expect(drawingTaskCriteriaOf(empty, { kind: 'admin', userId: 1 })).toEqual({
      channelId: undefined,
      mjId: undefined,
      startMs: undefined,
      endMs: undefined,
    });
    expect(drawingTaskCriteriaOf(null, { kind: 'self', userId: 3 })).toMatchObject({ userId: 3 });
  });

  it.each([
    [{ start_timestamp: '-1' }, '输入不合法：start_timestamp 必须是非负整数'],
    [{ end_timestamp: '99999999999999999999' }, '输入不合法：end_timestamp 必须是非负整数'],
    [{ channel_id: '-3' }, '输入不合法：channel_id 必须是非负整数'],
    [{ channel_id: '2147483648' }, '输入不合法：channel_id 不能大于 2147483647'],
    [{ mj_id: 'm'.repeat(256) }, '输入不合法：mj_id 长度不能超过 255 个字符'],
  ])('refuses %j', (bad, message) => {
    expect(() => drawingTaskCriteriaOf({ ...filter, ...bad }, { kind: 'admin', userId: 1 })).toThrow(message);
  });
});

describe('filterMilliseconds', () => {
  it('reads seconds as their whole second and large values as milliseconds', () => {
    expect(filterMilliseconds(1_700_000_000, 'start')).toBe(1_700_000_000_000);
    expect(filterMilliseconds(1_700_000_000, 'end')).toBe(1_700_000_000_999);
    expect(filterMilliseconds(99_999_999_999, 'end')).toBe(99_999_999_999_999);
    expect(filterMilliseconds(100_000_000_000, 'start')).toBe(100_000_000_000);
    expect(filterMilliseconds(1_700_000_000_123, 'end')).toBe(1_700_000_000_123);
    expect(filterMilliseconds(undefined, 'start')).toBeUndefined();
  });
});
