import type { Request } from 'express';
import type { z } from 'zod';
import { refusalOf } from './input-refusal';

/**
 * Request bodies of the `/api` routes checked against their schema in the `/api` contract, with
 * the first problem worded as the console shows it (`输入不合法：…`). Edge checks types and sizes
 * only; the services apply the product's rules.
 */

/** Parses `value` with `schema`; the first problem becomes a ValidationError (HTTP 200, success false). */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw refusalOf(result.error);
}

/** The request's JSON body; an absent body (no JSON content type) reads as an empty object. */
export function bodyOf(req: Request): unknown {
  return req.body === undefined ? {} : req.body;
}
