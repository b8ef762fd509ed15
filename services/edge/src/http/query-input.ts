import {
  MAX_QUERY_DIGITS,
  MAX_QUERY_TEXT,
  queryFlag as flagParameter,
  queryInteger as integerParameter,
  querySingle,
  queryText as textParameter,
  queryTimestamp as timestampParameter,
  statusOnlyQuery,
} from '@modelgate/contracts/api';
import type { Request } from 'express';
import { z } from 'zod';
import { INVALID_INPUT, refusalOf } from './input-refusal';

/**
 * Query strings of the `/api` routes, read with the query shapes of the `/api` contract
 * (`@modelgate/contracts/api`): a parameter appears at most once, text is bounded, numbers are
 * non-negative integers. Refusals are ValidationErrors (HTTP 200, `success: false`) worded as in
 * the reference (`输入不合法：…`), or the route's own refusal when it answers with the reference's
 * own message (e.g. `无效的参数`).
 */

export { INVALID_INPUT, MAX_QUERY_DIGITS, MAX_QUERY_TEXT };

/** The request's query string parsed by `schema`; the first problem refused (by `refusal` when given). */
export function parseQuery<S extends z.ZodType>(schema: S, req: Request, refusal?: () => Error): z.output<S> {
  const result = schema.safeParse(req.query);
  if (result.success) return result.data;
  throw refusal?.() ?? refusalOf(result.error);
}

/** One parameter read with `parameter` (a schema of the contract's query builders). */
function parameterOf<T>(parameter: z.ZodType<T>, req: Request, name: string, refusal?: () => Error): T {
  return parseQuery(z.object({ [name]: parameter }), req, refusal)[name] as T;
}

/**
 * A single query-string value: absent or empty gives undefined; a repeated parameter
 * (`只能出现一次`) or one longer than `maxLength` is refused. `refusal`, when given, replaces both
 * refusals.
 */
export function queryValue(req: Request, name: string, maxLength: number, refusal?: () => Error): string | undefined {
  return parameterOf(querySingle(maxLength), req, name, refusal);
}

/** A text filter, trimmed; empty when absent. */
export function queryText(req: Request, name: string, maxLength = MAX_QUERY_TEXT): string {
  return parameterOf(textParameter(maxLength), req, name);
}

/**
 * A non-negative integer parameter of at most `maxDigits` digits (surrounding blanks ignored);
 * absent or empty gives 0, which every caller reads as "not given".
 */
export function queryInteger(req: Request, name: string, maxDigits = MAX_QUERY_DIGITS): number {
  return parameterOf(integerParameter(maxDigits), req, name);
}

/** A time filter: an integer as `queryInteger` reads it, or 0 ("no filter") for the blanks JavaScript clients send. */
export function queryTimestamp(req: Request, name: string): number {
  return parameterOf(timestampParameter(), req, name);
}

/** A boolean flag: `true` or `1` sets it; absent or anything else leaves it off. */
export function queryFlag(req: Request, name: string): boolean {
  return parameterOf(flagParameter(), req, name);
}

/**
 * `?status_only=` on the `PUT` of tokens and redemption codes: any value but empty, `false` or
 * `0` asks for a status-only update (as the reference reads it).
 */
export function isStatusOnly(req: Request): boolean {
  return parseQuery(statusOnlyQuery, req).status_only;
}
