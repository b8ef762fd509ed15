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

const refused = (message: string, code: string, params: Record<string, string | number>) =>
  new ValidationError(`${INVALID_INPUT}${message}`, { code, details: params });

/**
 * A single query-string value: absent or empty gives undefined; a repeated parameter
 * (`只能出现一次`) or one longer than `maxLength` is refused. `refusal`, when given, replaces both
 * refusals (routes that answer with the reference's own message, e.g. `无效的参数`).
 */
export function queryValue(req: Request, name: string, maxLength: number, refusal?: () => Error): string | undefined {
  const value = req.query[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw refusal?.() ?? refused(`${name} 只能出现一次`, 'query_repeated', { field: name });
  if (value.length > maxLength) {
    throw refusal?.() ?? refused(`${name} 长度不能超过 ${maxLength} 个字符`, 'input_too_long', { field: name, max: maxLength });
  }
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
  if (!/^\d+$/.test(value) || value.length > maxDigits) throw refused(`${name} 必须是非负整数`, 'query_not_integer', { field: name });
  return Number(value);
}

/**
 * What consoles written for the reference send for a time filter left blank: JavaScript's `NaN`
 * (from an empty date field), `undefined` and `null` as text. The reference reads them, like an
 * empty value or 0, as "no filter".
 */
const NO_TIME_FILTER: ReadonlySet<string> = new Set(['nan', 'undefined', 'null']);

/**
 * A time filter (`start_timestamp`, `end_timestamp`): a non-negative integer as `queryInteger`
 * reads it, or 0 ("no filter") for the blanks of `NO_TIME_FILTER`.
 */
export function queryTimestamp(req: Request, name: string): number {
  const value = queryValue(req, name, MAX_NUMBER_TEXT)?.trim();
  if (value !== undefined && NO_TIME_FILTER.has(value.toLowerCase())) return 0;
  return queryInteger(req, name);
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
