import { PermissionDeniedError, ValidationError } from '@modelgate/runtime';
import { callerScopeOf } from '@modelgate/access';
import { logCriteriaOf, whereOf } from './log-filter';
import { otherForUser, toUserView } from './log-visibility';

const filter = {
  type: 2,
  username: 'bob',
  token_name: ' key ',
  model_name: 'gpt-4o',
  start_timestamp: '100',
  end_timestamp: '0',
  channel: '7',
  group: '',
};

describe('scopeOf', () => {
  it('limits self requests to the caller whatever the role, and requires an admin otherwise', () => {
    expect(callerScopeOf({ user_id: '5', role: 100, self: true })).toEqual({ kind: 'self', userId: 5 });
    expect(callerScopeOf({ user_id: '6', role: 10, self: false })).toEqual({ kind: 'admin', userId: 6 });
    expect(() => callerScopeOf({ user_id: '7', role: 1, self: false })).toThrow(PermissionDeniedError);
    expect(() => callerScopeOf(null)).toThrow(ValidationError);
    expect(() => callerScopeOf({ user_id: '0', role: 100, self: false })).toThrow(ValidationError);
  });
});

describe('logCriteriaOf', () => {
  it('keeps every filter for admins and drops empty ones', () => {
    expect(logCriteriaOf(filter, { kind: 'admin', userId: 1 })).toEqual({
      type: 2,
      username: 'bob',
      tokenName: 'key',
      modelName: 'gpt-4o',
      start: 100,
      end: undefined,
      channelId: 7,
      group: undefined,
    });
  });

  it('pins users to their own rows and ignores the admin-only filters', () => {
    const criteria = logCriteriaOf(filter, { kind: 'self', userId: 42 });
    expect(criteria).toMatchObject({ userId: 42, type: 2, tokenName: 'key' });
    expect(criteria.username).toBeUndefined();
    expect(criteria.channelId).toBeUndefined();
  });

  it.each([
    [{ type: 5 }, '输入不合法：type 必须是 0 到 4 之间的整数'],
    [{ type: -1 }, '输入不合法：type 必须是 0 到 4 之间的整数'],
    [{ start_timestamp: '-4' }, '输入不合法：start_timestamp 必须是非负整数'],
    [{ channel: '99999999999999999999' }, '输入不合法：channel 必须是非负整数'],
    [{ channel: '3000000000' }, '输入不合法：channel 不能大于 2147483647'],
    [{ model_name: 'x'.repeat(256) }, '输入不合法：model_name 长度不能超过 255 个字符'],
  ])('refuses %j', (bad, message) => {
    expect(() => logCriteriaOf({ ...filter, ...bad }, { kind: 'admin', userId: 1 })).toThrow(message);
  });
});

describe('whereOf', () => {
  it('numbers its parameters in order and quotes the group column', () => {
    expect(whereOf({ userId: 3, group: 'vip', end: 9 })).toEqual({
      sql: 'l.user_id = $1 AND l.created_at <= $2 AND l."group" = $3',
      parameters: [3, 9, 'vip'],
    });
    expect(whereOf({})).toEqual({ sql: 'TRUE', parameters: [] });
  });
});

describe('what users see of a log row', () => {
  it('drops admin_info and hides text that is not a JSON object', () => {
    expect(JSON.parse(otherForUser(JSON.stringify({ frt: 5, admin_info: { use_channel: ['1', '2'] } })))).toEqual({ frt: 5 });
    expect(otherForUser('')).toBe('');
    expect(otherForUser('admin_info: 1,2')).toBe('');
    expect(otherForUser('[1]')).toBe('');
  });

  it('blanks the channel and reduces the id', () => {
    const row = toUserView({ id: 2_050, channel: 9, channel_name: 'secret upstream', other: '{"admin_info":{}}', quota: 5 });
    expect(row).toEqual({ id: 2_050 % 1024, channel: 0, channel_name: '', other: '{}', quota: 5 });
  });
});
