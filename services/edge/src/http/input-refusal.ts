import { ValidationError } from '@modelgate/runtime';
import type { z } from 'zod';

/**
 * The refusal of a request input (body or query string) that its contract schema did not accept:
 * the first problem worded as the console shows it (`输入不合法：…`), with its stable code and
 * variable parts (HTTP 200, `success: false`).
 */

/** Prefix of input-validation failures, as in the reference (`输入不合法 …`). */
export const INVALID_INPUT = '输入不合法：';

const TYPE_NAMES: Record<string, string> = { string: '字符串', number: '数字', int: '整数', object: 'JSON 对象' };

/** A refused input: the message in the reference's words, its stable code and variable parts. */
interface Refusal {
  message: string;
  code: string;
  params: Record<string, string | number>;
}

/**
 * One zod issue in the reference's words, with the code and parts the console translates. A
 * custom issue of the contract (e.g. a repeated query parameter) names its code in `params.code`
 * and its message follows the field's name.
 */
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
    case 'custom': {
      const code: unknown = issue.params?.code;
      return { message: `${field}${issue.message}`, code: typeof code === 'string' ? code : 'invalid_input', params: { field: path } };
    }
    default:
      return { message: `${field}${issue.message}`, code: 'invalid_input', params: { field: path } };
  }
}

/** The ValidationError for a failed parse: its first issue, worded for the console. */
export function refusalOf(error: z.ZodError): ValidationError {
  const issue = error.issues[0];
  if (!issue) return new ValidationError(`${INVALID_INPUT}请求无效`, { code: 'invalid_input' });
  const refusal = describeIssue(issue);
  return new ValidationError(`${INVALID_INPUT}${refusal.message}`, { code: refusal.code, details: refusal.params });
}
