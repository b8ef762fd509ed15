import { ValidationError } from '@modelgate/runtime';
import type { Request } from 'express';
import type { z } from 'zod';
import { INVALID_INPUT } from './query-input';

/**
 * Request bodies of the `/api` routes checked against a zod schema, with the first problem
 * worded as the console shows it (`输入不合法：…`). Edge checks types and sizes only; the services
 * apply the product's rules.
 */

const TYPE_NAMES: Record<string, string> = { string: '字符串', number: '数字', int: '整数', object: 'JSON 对象' };

/** One zod issue in the words the console shows. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.length > 0 ? `${issue.path.join('.')} ` : '请求体';
  switch (issue.code) {
    case 'invalid_type':
      return `${field}的类型错误，应为${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `${field}长度不能超过 ${String(issue.maximum)} 个字符`
        : `${field}不能大于 ${String(issue.maximum)}`;
    case 'too_small':
      return issue.inclusive ? `${field}不能小于 ${String(issue.minimum)}` : `${field}必须大于 ${String(issue.minimum)}`;
    default:
      return `${field}${issue.message}`;
  }
}

/** Parses `value` with `schema`; the first problem becomes a ValidationError (HTTP 200, success false). */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new ValidationError(`${INVALID_INPUT}${issue ? describeIssue(issue) : '请求无效'}`, { code: 'invalid_input' });
}

/** The request's JSON body; an absent body (no JSON content type) reads as an empty object. */
export function bodyOf(req: Request): unknown {
  return req.body === undefined ? {} : req.body;
}
