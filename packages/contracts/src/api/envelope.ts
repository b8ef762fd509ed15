import { z } from 'zod';

/**
 * The `/api` envelope (spec §7): every answer is HTTP 200 with `success`, a `message` (empty on
 * success) and, on success, the `data`.
 */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ success: z.boolean(), message: z.string(), data: data.optional() });
}

/** A page counted from 1 with its total (`GET /api/log/`, `GET /api/user/`, …). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number(), page: z.number(), page_size: z.number() });
}

export interface ApiEnvelope<T> {
  success: boolean;
  message: string;
  data?: T;
}

/** One page counted from 1 with its total. */
export interface ApiPage<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/**
 * The fields `K` of a request body `T` as a client that always sends them fills them in: present
 * and not null (the contract's bodies accept them absent or null, for other clients).
 */
export type Filled<T, K extends keyof T> = { [P in K]-?: NonNullable<T[P]> };
