import { statusOnlyQuery } from '@modelgate/contracts/api';
import type { Request } from 'express';
import type { z } from 'zod';
import { INVALID_INPUT, refusalOf } from './input-refusal';

/**
 * Query strings of the `/api` routes, read with the query shapes of the `/api` contract
 * (`@modelgate/contracts/api`): a parameter appears at most once, text is bounded, numbers are
 * non-negative integers. Refusals are ValidationErrors (HTTP 200, `success: false`) worded as in
 * the reference (`输入不合法：…`), or the route's own refusal when it answers with the reference's
 * own message (e.g. `无效的参数`).
 */

export { INVALID_INPUT };

/** The request's query string parsed by `schema`; the first problem refused (by `refusal` when given). */
export function parseQuery<S extends z.ZodType>(schema: S, req: Request, refusal?: () => Error): z.output<S> {
  const result = schema.safeParse(req.query);
  if (result.success) return result.data;
  throw refusal?.() ?? refusalOf(result.error);
}

/**
 * `?status_only=` on the `PUT` of tokens and redemption codes: any value but empty, `false` or
 * `0` asks for a status-only update (as the reference reads it).
 */
export function isStatusOnly(req: Request): boolean {
  return parseQuery(statusOnlyQuery, req).status_only;
}
