import { ValidationError } from '@modelgate/runtime';
import type { Request, RequestHandler } from 'express';

/** Largest id of a PostgreSQL `integer` column (every id a path names). */
const INT32_MAX = 2_147_483_647;

/**
 * The `:id` of a path as a positive integer that fits an `integer` column; anything else is
 * refused with the route's own `message` (e.g. `输入不合法：令牌 ID 必须是正整数`) and `code`,
 * never a 500.
 */
export function positiveIdParam(req: Request, message: string, code: string): number {
  const raw = String(req.params.id);
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  if (id <= 0 || id > INT32_MAX) throw new ValidationError(message, { code });
  return id;
}

/**
 * Lets a `/…/:id` route handle only numeric ids: any other segment (`/user/self`,
 * `/channel/test`, …) belongs to another route, so it is passed on before a guard could refuse it.
 */
export const numericIdOnly: RequestHandler = (req, _res, next) => {
  next(/^\d{1,10}$/.test(String(req.params.id)) ? undefined : 'route');
};
