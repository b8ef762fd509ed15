import type { Request } from 'express';
import { parseInput } from '../../http/body-input';
import { createTokenBody, int32, tokenIdParam, tokenSearchOf, updateTokenBody } from './input';

const request = (query: Record<string, unknown>, params: Record<string, string> = {}) =>
  ({ query, params }) as unknown as Request;

describe('token request input', () => {
  it('reads the search filters', () => {
    expect(tokenSearchOf(request({ keyword: 'work', token: 'sk-abc' }))).toEqual({ keyword: 'work', key: 'sk-abc' });
    expect(tokenSearchOf(request({}))).toEqual({ keyword: '', key: '' });
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
