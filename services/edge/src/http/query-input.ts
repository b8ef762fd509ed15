import { ValidationError } from '@modelgate/runtime';
import type { Request } from 'express';

/**
 * Query-string values of the `/api` routes, read one way everywhere: a parameter appears at most
 * once, text is bounded, numbers are non-negative integers. Refusals are ValidationErrors (HTTP
 * 200, `success: false`) worded as in the reference (`输入不合法：…`).
 */

/** Prefix of input-validation failures, as in the reference (`输入不合法 …`). */
export const INVALID_INPUT = '输入不合法：';
/** Longest text filter sent on (the widest filtered column holds 255 characters). */
export const MAX_QUERY_TEXT = 255;
/** Most digits of a numeric parameter: unix seconds, ids and pages fit well within 15. */
export const MAX_QUERY_DIGITS = 15;
/** Longest raw value of a numeric parameter (before trimming); longer is refused by length. */
const MAX_NUMBER_TEXT = 64;

const refused = (message: string) => new ValidationError(`${INVALID_INPUT}${message}`, { code: 'invalid_query' });

/**
 * A single query-string value: absent or empty gives undefined; a repeated parameter
 * (`只能出现一次`) or one longer than `maxLength` is refused. `refusal`, when given, replaces both
 * refusals (routes that answer with the reference's own message, e.g. `无效的参数`).
 */
export function queryValue(req: Request, name: string, maxLength: number, refusal?: () => Error): string | undefined {
  const value = req.query[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw refusal?.() ?? refused(`${name} 只能出现一次`);
  if (value.length > maxLength) throw refusal?.() ?? refused(`${name} 长度不能超过 ${maxLength} 个字符`);
  return value;
}

/** A text filter, trimmed; empty when absent. */
export function queryText(req: Request, name: string, maxLength = MAX_QUERY_TEXT): string {
  return queryValue(req, name, maxLength)?.trim() ?? '';
}

/**
 * A non-negative integer parameter of at most `maxDigits` digits (surrounding blanks ignored);
 * absent or empty gives 0, which every caller reads as "not given".
 */
export function queryInteger(req: Request, name: string, maxDigits = MAX_QUERY_DIGITS): number {
  const value = queryValue(req, name, MAX_NUMBER_TEXT)?.trim();
  if (value === undefined || value === '') return 0;
  if (!/^\d+$/.test(value) || value.length > maxDigits) throw refused(`${name} 必须是非负整数`);
  return Number(value);
}

/** A boolean flag: `true` or `1` sets it; absent or anything else leaves it off. */
export function queryFlag(req: Request, name: string): boolean {
  const value = queryValue(req, name, 5);
  return value === 'true' || value === '1';
}

/**
 * `?status_only=` on the `PUT` of tokens and redemption codes: any value but empty, `false` or
 * `0` asks for a status-only update (as the reference reads it).
 */
export function isStatusOnly(req: Request): boolean {
  const value = queryValue(req, 'status_only', 16);
  return value !== undefined && value !== 'false' && value !== '0';
}
