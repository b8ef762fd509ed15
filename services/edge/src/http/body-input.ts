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

/** A refused body: the message in the reference's words, its stable code and variable parts. */
interface Refusal {
  message: string;
  code: string;
  params: Record<string, string | number>;
}

/** One zod issue in the reference's words, with the code and parts the console translates. */
function describeIssue(issue: z.core.$ZodIssue): Refusal {
  const path = issue.path.join('.');
  const field = path !== '' ? `${path} ` : '请求体';
  switch (issue.code) {
    case 'invalid_type':
      return {
        message: `${field}的类型错误，应为${TYPE_NAMES[issue.expected] ?? issue.expected}`,
        code: 'input_wrong_type',
        params: { field: path, expected: issue.expected },
      };
    case 'too_big':
      return issue.origin === 'string'
        ? { message: `${field}长度不能超过 ${String(issue.maximum)} 个字符`, code: 'input_too_long', params: { field: path, max: Number(issue.maximum) } }
        : { message: `${field}不能大于 ${String(issue.maximum)}`, code: 'input_too_large', params: { field: path, max: Number(issue.maximum) } };
    case 'too_small':
      return issue.inclusive
        ? { message: `${field}不能小于 ${String(issue.minimum)}`, code: 'input_too_small', params: { field: path, min: Number(issue.minimum) } }
        : { message: `${field}必须大于 ${String(issue.minimum)}`, code: 'input_not_above', params: { field: path, min: Number(issue.minimum) } };
    default:
      return { message: `${field}${issue.message}`, code: 'invalid_input', params: { field: path } };
  }
}

/** Parses `value` with `schema`; the first problem becomes a ValidationError (HTTP 200, success false). */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new ValidationError(`${INVALID_INPUT}请求无效`, { code: 'invalid_input' });
  const refusal = describeIssue(issue);
  throw new ValidationError(`${INVALID_INPUT}${refusal.message}`, { code: refusal.code, details: refusal.params });
}

/** The request's JSON body; an absent body (no JSON content type) reads as an empty object. */
export function bodyOf(req: Request): unknown {
  return req.body === undefined ? {} : req.body;
}
