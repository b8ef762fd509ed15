import { PermissionDeniedError, ValidationError } from '@modelgate/runtime';
import { callerScopeOf } from '@modelgate/access';
import { optionalId, optionalText, pagingOf } from './list-input';

describe('scopeOf', () => {
  it('limits self requests to the caller whatever the role, and requires an admin otherwise', () => {
    expect(callerScopeOf({ user_id: '5', role: 100, self: true })).toEqual({ kind: 'self', userId: 5 });
    expect(callerScopeOf({ user_id: '5', role: 1, self: true })).toEqual({ kind: 'self', userId: 5 });
    expect(callerScopeOf({ user_id: '6', role: 10, self: false })).toEqual({ kind: 'admin', userId: 6 });
    expect(() => callerScopeOf({ user_id: '7', role: 1, self: false })).toThrow(PermissionDeniedError);
    expect(() => callerScopeOf({ user_id: '7', role: 9, self: false })).toThrow('无权进行此操作，权限不足');
  });

  it('refuses a missing or invalid caller', () => {
    expect(() => callerScopeOf(null)).toThrow(ValidationError);
    expect(() => callerScopeOf({ user_id: '0', role: 100, self: false })).toThrow(ValidationError);
    expect(() => callerScopeOf({ user_id: '99999999999999999999', role: 1, self: true })).toThrow(ValidationError);
  });
});

describe('list input', () => {
  it('reads 0 as no filter and refuses what is not a non-negative safe integer', () => {
    expect(optionalId('0', 'channel_id')).toBeUndefined();
    expect(optionalId(undefined, 'channel_id')).toBeUndefined();
    expect(optionalId('42', 'channel_id')).toBe(42);
    expect(() => optionalId('-1', 'channel_id')).toThrow('输入不合法：channel_id 必须是非负整数');
    expect(() => optionalId('9007199254740993', 'channel_id')).toThrow('输入不合法：channel_id 必须是非负整数');
    expect(optionalId('2147483647', 'channel_id', 2_147_483_647)).toBe(2_147_483_647);
    expect(() => optionalId('2147483648', 'channel_id', 2_147_483_647)).toThrow('输入不合法：channel_id 不能大于 2147483647');
  });

  it('trims text filters, drops empty ones and refuses overlong ones', () => {
    expect(optionalText('  abc ', 'task_id')).toBe('abc');
    expect(optionalText('   ', 'task_id')).toBeUndefined();
    expect(() => optionalText('a'.repeat(256), 'task_id')).toThrow('输入不合法：task_id 长度不能超过 255 个字符');
  });

  it('pages from 0 with a default size of 10 and at most 100', () => {
    expect(pagingOf(0, 0)).toEqual({ page: 0, pageSize: 10 });
    expect(pagingOf(4, 25)).toEqual({ page: 4, pageSize: 25 });
    expect(() => pagingOf(-1, 10)).toThrow('输入不合法：页码必须是 0 到 10000000 之间的整数');
    expect(() => pagingOf(10_000_001, 10)).toThrow(ValidationError);
    expect(() => pagingOf(0, 101)).toThrow('输入不合法：每页数量必须在 1 到 100 之间');
  });
});
