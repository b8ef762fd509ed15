import type { Request } from 'express';
import { z } from 'zod';
import { bodyOf, parseInput } from './body-input';

describe('body input', () => {
  const schema = z.object({ id: z.int().positive(), name: z.string().max(3).nullish() });

  it('parses a body and words its first problem as the console shows it', () => {
    expect(parseInput(schema, { id: 1, extra: true })).toEqual({ id: 1 });
    expect(() => parseInput(schema, { id: 'x' })).toThrow('输入不合法：id 的类型错误，应为数字');
    expect(() => parseInput(schema, { id: 0 })).toThrow('输入不合法：id 必须大于 0');
    expect(() => parseInput(schema, { id: 1, name: 'abcd' })).toThrow('输入不合法：name 长度不能超过 3 个字符');
    expect(() => parseInput(schema, 'text')).toThrow('输入不合法：请求体的类型错误，应为JSON 对象');
  });

  it('reads an absent body as an empty object', () => {
    expect(bodyOf({} as Request)).toEqual({});
    expect(bodyOf({ body: [1] } as Request)).toEqual([1]);
  });
});
