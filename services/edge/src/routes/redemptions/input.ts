import { MAX_REDEMPTION_ID } from '@modelgate/contracts/api';
import type { Request } from 'express';
import { positiveIdParam } from '../../http/path-id';

/**
 * The shapes of the redemption-code requests. Edge checks types and sizes (so nothing malformed
 * or oversized crosses gRPC); billing applies the product's rules (name length, quota, batch size).
 */

/**
 * Batch sizes above this are sent as this: billing refuses anything above 100 with the product's
 * message, and the value must fit the int32 field.
 */
const COUNT_CAP = 1_000;

/** The request bodies, declared once in the `/api` contract. */
export { createRedemptionBody, integer, redemptionStatusBody, updateRedemptionBody } from '@modelgate/contracts/api';

/** A batch size for the int32 field: out-of-range values keep their side of billing's limits. */
export function countForWire(count: number | null | undefined): number {
  return Math.max(Math.min(count ?? 0, COUNT_CAP), -1);
}

/** A status for the int32 field; anything out of range is sent as 0 (refused by billing). */
export function statusForWire(status: number): number {
  return Math.abs(status) <= MAX_REDEMPTION_ID ? status : 0;
}

/** The code id of `/api/redemption/:id`. */
export function redemptionIdOf(req: Request): number {
  return positiveIdParam(req, '无效的参数：兑换码 ID 必须是正整数', 'invalid_id');
}
