import { queryFlag as flag, queryInteger as integer, querySingle, queryText as text, queryTimestamp as timestamp } from '@modelgate/contracts/api';
import { ValidationError } from '@modelgate/runtime';
import type { Request } from 'express';
import { z } from 'zod';
import { isStatusOnly, parseQuery } from './query-input';

const request = (query: Record<string, unknown>) => ({ query, params: {} }) as unknown as Request;

/** One parameter `name` read from the request's query string with the contract's `parameter`. */
const one = <T>(parameter: z.ZodType<T>, req: Request, name: string, refusal?: () => Error): T =>
  parseQuery(z.object({ [name]: parameter }), req, refusal)[name] as T;
const queryValue = (req: Request, name: string, max: number, refusal?: () => Error) => one(querySingle(max), req, name, refusal);
const queryText = (req: Request, name: string, max?: number) => one(text(max), req, name);
const queryInteger = (req: Request, name: string, maxDigits?: number) => one(integer(maxDigits), req, name);
const queryTimestamp = (req: Request, name: string) => one(timestamp(), req, name);
const queryFlag = (req: Request, name: string) => one(flag(), req, name);

describe('query input, read with the contract’s parameter shapes', () => {
  it('reads one bounded value; absent or empty is undefined', () => {
    expect(queryValue(request({ a: 'x' }), 'a', 5)).toBe('x');
    expect(queryValue(request({ a: '' }), 'a', 5)).toBeUndefined();
    expect(queryValue(request({}), 'a', 5)).toBeUndefined();
    expect(() => queryValue(request({ a: ['x', 'y'] }), 'a', 5)).toThrow('输入不合法：a 只能出现一次');
    expect(() => queryValue(request({ a: { b: '1' } }), 'a', 5)).toThrow('输入不合法：a 只能出现一次');
    expect(() => queryValue(request({ a: 'abcdef' }), 'a', 5)).toThrow('输入不合法：a 长度不能超过 5 个字符');
  });

  it('answers with the route’s own refusal when given one', () => {
    const refusal = () => new ValidationError('无效的参数');
    expect(() => queryValue(request({ a: ['x', 'y'] }), 'a', 5, refusal)).toThrow(/^无效的参数$/);
    expect(() => queryValue(request({ a: 'abcdef' }), 'a', 5, refusal)).toThrow(/^无效的参数$/);
  });

  it('trims text filters, 255 characters by default', () => {
    expect(queryText(request({ t: ' mj-1 ' }), 't')).toBe('mj-1');
    expect(queryText(request({}), 't')).toBe('');
    expect(() => queryText(request({ t: 'x'.repeat(256) }), 't')).toThrow('输入不合法：t 长度不能超过 255 个字符');
    expect(() => queryText(request({ t: 'day' }), 't', 2)).toThrow('输入不合法：t 长度不能超过 2 个字符');
  });

  it('reads a time filter as an integer, and the blanks JavaScript clients send as no filter', () => {
    expect(queryTimestamp(request({ t: '1700000000' }), 't')).toBe(1_700_000_000);
    for (const t of ['NaN', 'nan', 'undefined', 'null', ' NaN ', '', '0']) expect(queryTimestamp(request({ t }), 't')).toBe(0);
    expect(queryTimestamp(request({}), 't')).toBe(0);
    for (const t of ['-5', 'yesterday', '1.5']) {
      expect(() => queryTimestamp(request({ t }), 't')).toThrow('输入不合法：t 必须是非负整数');
    }
  });

  it('reads non-negative integers of at most 15 digits; absent or empty is 0', () => {
    expect(queryInteger(request({ n: '42' }), 'n')).toBe(42);
    expect(queryInteger(request({ n: ' 7 ' }), 'n')).toBe(7);
    expect(queryInteger(request({ n: '' }), 'n')).toBe(0);
    expect(queryInteger(request({}), 'n')).toBe(0);
    expect(queryInteger(request({ n: '9'.repeat(15) }), 'n')).toBe(999_999_999_999_999);
    for (const n of ['-1', '1.5', '1e3', '0x10', 'abc', '9'.repeat(16)]) {
      expect(() => queryInteger(request({ n }), 'n')).toThrow('输入不合法：n 必须是非负整数');
    }
    expect(() => queryInteger(request({ n: '123' }), 'n', 2)).toThrow('输入不合法：n 必须是非负整数');
  });

  it('sets a flag with true or 1 only', () => {
    expect(queryFlag(request({ f: 'true' }), 'f')).toBe(true);
    expect(queryFlag(request({ f: '1' }), 'f')).toBe(true);
    for (const f of [undefined, '', 'false', '0', 'yes']) expect(queryFlag(request({ f }), 'f')).toBe(false);
  });

  it('reads status_only as the reference does: any value but empty, false or 0', () => {
    expect(isStatusOnly(request({ status_only: 'true' }))).toBe(true);
    expect(isStatusOnly(request({ status_only: '1' }))).toBe(true);
    for (const value of [undefined, '', 'false', '0']) expect(isStatusOnly(request({ status_only: value }))).toBe(false);
  });
});
