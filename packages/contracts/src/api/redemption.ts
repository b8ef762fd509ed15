import { z } from 'zod';
import { queryString } from './query';

/**
 * `/api/redemption/...` (spec §7 "Redemption codes"). Edge checks types and sizes (so nothing
 * malformed or oversized crosses gRPC); billing applies the product's rules (name length, quota,
 * batch size).
 */

/** Largest value of an int32 id. */
export const MAX_REDEMPTION_ID = 2_147_483_647;
/** Size cap of a name, well above billing's rule (20), against oversized payloads. */
const MAX_NAME = 64;

/** A whole number given as a JSON number or as a decimal string (the console parses its inputs). */
export const integer: z.ZodType<number, number | string> = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*-?\d{1,16}\s*$/.test(value) ? Number(value) : value),
  z.int(),
);

/** `POST /api/redemption/`: absent fields are left to billing, which answers with the product's message. */
export const createRedemptionBody = z.object({
  name: z.string().max(MAX_NAME).nullish(),
  quota: integer.nullish(),
  count: integer.nullish(),
});

/** `PUT /api/redemption/`: the console sends the whole code it loaded; only these fields are read. */
export const updateRedemptionBody = z.object({
  id: z.int().positive().max(MAX_REDEMPTION_ID),
  name: z.string().max(MAX_NAME).nullish(),
  quota: integer.nullish(),
});

/** `PUT /api/redemption/?status_only=true`. */
export const redemptionStatusBody = z.object({
  id: z.int().positive().max(MAX_REDEMPTION_ID),
  status: integer,
});

/** A redemption code (spec §3 Redemption). */
export const redemptionJson = z.object({
  id: z.number(),
  /** The admin who created it. */
  user_id: z.number(),
  key: z.string(),
  /** 1 unused, 2 disabled, 3 used. */
  status: z.number(),
  name: z.string(),
  quota: z.number(),
  created_time: z.number(),
  /** Unix seconds; 0 until redeemed. */
  redeemed_time: z.number(),
  /** Who redeemed it; 0 = nobody. */
  used_user_id: z.number(),
});

/** The filter of `GET /api/redemption/search` (beside the paging): a name keyword or an id. */
export const redemptionSearchQuery = z.object({ keyword: queryString(255) });

export type RedemptionJson = z.infer<typeof redemptionJson>;
export type CreateRedemptionBody = z.input<typeof createRedemptionBody>;
