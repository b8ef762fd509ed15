import { taskCriteriaOf } from './task-filter';

const filter = {
  channel_id: '9',
  task_id: ' suno-1 ',
  platform: 'suno',
  status: 'SUCCESS',
  action: '',
  start_timestamp: '100',
  end_timestamp: '0',
};

describe('taskCriteriaOf', () => {
  it('keeps every filter for admins and drops empty ones', () => {
    expect(taskCriteriaOf(filter, { kind: 'admin', userId: 1 })).toEqual({
      channelId: 9,
      taskId: 'suno-1',
      platform: 'suno',
      status: 'SUCCESS',
      action: undefined,
      start: 100,
      end: undefined,
    });
  });

  it('pins users to their own tasks and ignores the channel filter', () => {
    const criteria = taskCriteriaOf(filter, { kind: 'self', userId: 42 });
    expect(criteria).toMatchObject({ userId: 42, taskId: 'suno-1', start: 100 });
    expect(criteria.channelId).toBeUndefined();
    expect(taskCriteriaOf(null, { kind: 'self', userId: 5 })).toMatchObject({ userId: 5 });
  });

  it.each([
    [{ start_timestamp: '-4' }, '输入不合法：start_timestamp 必须是非负整数'],
    [{ end_timestamp: 'soon' }, '输入不合法：end_timestamp 必须是非负整数'],
    [{ channel_id: '99999999999999999999' }, '输入不合法：channel_id 必须是非负整数'],
    [{ channel_id: '999999999999999' }, '输入不合法：channel_id 不能大于 2147483647'],
    [{ status: 's'.repeat(256) }, '输入不合法：status 长度不能超过 255 个字符'],
  ])('refuses %j', (bad, message) => {
    expect(() => taskCriteriaOf({ ...filter, ...bad }, { kind: 'admin', userId: 1 })).toThrow(message);
  });
});
