import type { Request } from 'express';
import { parseInput } from '../user-admin/user-admin-input';
import { createTokenBody, int32, isStatusOnly, tokenIdParam, tokenPagingOf, tokenSearchOf, updateTokenBody } from './token-input';

const request = (query: Record<string, unknown>, params: Record<string, string> = {}) =>
  ({ query, params }) as unknown as Request;

describe('token request input', () => {
  it('pages from 0, reads size or page_size, defaults to 10 and caps at 100', () => {
    expect(tokenPagingOf(request({}))).toEqual({ page: 0, page_size: 10 });
    expect(tokenPagingOf(request({ p: '3', size: '20' }))).toEqual({ page: 3, page_size: 20 });
    expect(tokenPagingOf(request({ p: '1', page_size: '50' }))).toEqual({ page: 1, page_size: 50 });
    expect(tokenPagingOf(request({ size: '0' }))).toEqual({ page: 0, page_size: 10 });
    expect(tokenPagingOf(request({ size: '5000' }))).toEqual({ page: 0, page_size: 100 });
    expect(() => tokenPagingOf(request({ p: '-1' }))).toThrow('输入不合法：p 必须是非负整数');
    expect(() => tokenPagingOf(request({ p: '99999999999' }))).toThrow('输入不合法：p 不能大于 10000000');
  });

  it('reads the search filters', () => {
    expect(tokenSearchOf(request({ keyword: 'work', token: 'sk-abc' }))).toEqual({ keyword: 'work', key: 'sk-abc' });
    expect(tokenSearchOf(request({}))).toEqual({ keyword: '', key: '' });
  });

  it('reads status_only as the reference does: any value but empty, false or 0', () => {
    expect(isStatusOnly(request({ status_only: 'true' }))).toBe(true);
    expect(isStatusOnly(request({ status_only: '1' }))).toBe(true);
    for (const value of [undefined, '', 'false', '0']) expect(isStatusOnly(request({ status_only: value }))).toBe(false);
  });

  it('accepts only positive integer ids in the path', () => {
    expect(tokenIdParam(request({}, { id: '42' }))).toBe(42);
    for (const id of ['0', 'abc', '-3', '2147483648', '1.5']) {
      expect(() => tokenIdParam(request({}, { id }))).toThrow('输入不合法：令牌 ID 必须是正整数');
    }
  });

  it('sends values beyond int32 as -1, for identity to refuse', () => {
    expect(int32(5)).toBe(5);
    expect(int32(-1)).toBe(-1);
    expect(int32(-7)).toBe(-1);
    expect(int32(2 ** 32 + 5)).toBe(-1);
  });

  it('joins a model list given as an array, and ignores unknown fields', () => {
    expect(parseInput(createTokenBody, { name: 'a', model_limits: ['x', 'y'], key: 'k' })).toEqual({ name: 'a', model_limits: 'x,y' });
    expect(parseInput(updateTokenBody, { id: 3, model_limits: null })).toEqual({ id: 3, model_limits: null });
    expect(() => parseInput(updateTokenBody, { name: 'a' })).toThrow(/^输入不合法：id /);
  });
});
