import type { Request } from 'express';
import { drawingTaskFilterOf, taskFilterOf } from './input';

const request = (query: Record<string, unknown>) => ({ query, params: {} }) as unknown as Request;

describe('task list input', () => {
  it('reads the drawing filters, the channel only for admins', () => {
    const query = { channel_id: '7', mj_id: ' mj-1 ', start_timestamp: '100', end_timestamp: '' };
    expect(drawingTaskFilterOf(request(query), true)).toEqual({ channel_id: 7, mj_id: 'mj-1', start_timestamp: 100, end_timestamp: 0 });
    expect(drawingTaskFilterOf(request(query), false)).toEqual({ mj_id: 'mj-1', start_timestamp: 100, end_timestamp: 0 });
  });

  it('reads the task filters, the channel only for admins', () => {
    const query = { channel_id: '3', task_id: 'suno-1', platform: 'suno', status: 'SUCCESS', action: 'MUSIC', end_timestamp: '200' };
    expect(taskFilterOf(request(query), true)).toEqual({
      channel_id: 3,
      task_id: 'suno-1',
      platform: 'suno',
      status: 'SUCCESS',
      action: 'MUSIC',
      start_timestamp: 0,
      end_timestamp: 200,
    });
    expect(taskFilterOf(request(query), false)).not.toHaveProperty('channel_id');
  });

  it.each([
    [{ start_timestamp: 'yesterday' }, '输入不合法：start_timestamp 必须是非负整数'],
    [{ end_timestamp: '-5' }, '输入不合法：end_timestamp 必须是非负整数'],
    [{ channel_id: '1.5' }, '输入不合法：channel_id 必须是非负整数'],
    [{ channel_id: '9'.repeat(16) }, '输入不合法：channel_id 必须是非负整数'],
    [{ task_id: 'x'.repeat(256) }, '输入不合法：task_id 长度不能超过 255 个字符'],
  ])('refuses %j', (query, message) => {
    expect(() => taskFilterOf(request(query), true)).toThrow(message);
  });

  it('refuses a malformed drawing filter even on users’ requests', () => {
    expect(() => drawingTaskFilterOf(request({ start_timestamp: '12abc' }), false)).toThrow('输入不合法：start_timestamp 必须是非负整数');
    expect(() => drawingTaskFilterOf(request({ mj_id: 'y'.repeat(300) }), false)).toThrow('输入不合法：mj_id 长度不能超过 255 个字符');
  });
});
