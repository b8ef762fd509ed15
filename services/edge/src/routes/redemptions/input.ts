import type { Request } from 'express';
import { z } from 'zod';
import { positiveIdParam } from '../../http/path-id';

/**
 * The shapes of the redemption-code requests. Edge checks types and sizes (so nothing malformed
 * or oversized crosses gRPC); billing applies the product's rules (name length, quota, batch size).
 */

/** Largest value of an int32 id. */
export const MAX_ID = 2_147_483_647;
/** Size cap of a name, well above billing's rule (20), against oversized payloads. */
const MAX_NAME = 64;
/**
 * Batch sizes above this are sent as this: billing refuses anything above 100 with the product's
 * message, and the value must fit the int32 field.
 */
const COUNT_CAP = 1_000;

/** A whole number given as a JSON number or as a decimal string (the console parses its inputs). */
export const integer = z.preprocess(
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
  id: z.int().positive().max(MAX_ID),
  name: z.string().max(MAX_NAME).nullish(),
  quota: integer.nullish(),
});

/** `PUT /api/redemption/?status_only=true`. */
export const redemptionStatusBody = z.object({
  id: z.int().positive().max(MAX_ID),
  status: integer,
});

/** A batch size for the int32 field: out-of-range values keep their side of billing's limits. */
export function countForWire(count: number | null | undefined): number {
  return Math.max(Math.min(count ?? 0, COUNT_CAP), -1);
}

/** A status for the int32 field; anything out of range is sent as 0 (refused by billing). */
export function statusForWire(status: number): number {
  return Math.abs(status) <= MAX_ID ? status : 0;
}

/** The code id of `/api/redemption/:id`. */
export function redemptionIdOf(req: Request): number {
  return positiveIdParam(req, '无效的参数：兑换码 ID 必须是正整数', 'invalid_id');
}
