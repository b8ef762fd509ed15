import { tokenSearchQuery } from '@modelgate/contracts/api';
import type { Request } from 'express';
import { positiveIdParam } from '../../http/path-id';
import { INVALID_INPUT, parseQuery } from '../../http/query-input';

/**
 * The shapes of the token requests. Edge checks types and sizes (so nothing malformed or
 * oversized crosses gRPC); identity applies the product's rules (name length, expiry, quota,
 * IP list, groups, status transitions) with the messages the console shows.
 */

/** The budget of a new token when the client names none (spec §9: default new token quota). */
export const DEFAULT_NEW_TOKEN_QUOTA = 500_000;
const INT32_MAX = 2_147_483_647;

/** The request bodies, declared once in the `/api` contract. */
export { createTokenBody, tokenStatusBody, updateTokenBody } from '@modelgate/contracts/api';

/**
 * An integer for an `int32` field: values beyond its range become -1, which identity refuses with
 * its own message, instead of wrapping around on the wire.
 */
export function int32(value: number): number {
  return value >= -1 && value <= INT32_MAX ? value : -1;
}

/** A token id from the path: a positive integer, else a clear refusal (never a 500). */
export function tokenIdParam(req: Request): number {
  return positiveIdParam(req, `${INVALID_INPUT}令牌 ID 必须是正整数`, 'invalid_token_id');
}

/** The filters of `GET /api/token/search`: a name keyword and (part of) a key. */
export function tokenSearchOf(req: Request): { keyword: string; key: string } {
  return parseQuery(tokenSearchQuery, req);
}
