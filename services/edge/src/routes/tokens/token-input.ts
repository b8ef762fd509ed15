import { MAX_QUOTA } from '@modelgate/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import { positiveIdParam } from '../../http/path-id';
import { INVALID_INPUT, queryValue } from '../../http/query-input';

/**
 * The shapes of the token requests. Edge checks types and sizes (so nothing malformed or
 * oversized crosses gRPC); identity applies the product's rules (name length, expiry, quota,
 * IP list, groups, status transitions) with the messages the console shows.
 */

/** The budget of a new token when the client names none (spec §9: default new token quota). */
export const DEFAULT_NEW_TOKEN_QUOTA = 500_000;
/** Size caps of free text, well above identity's rules, against oversized payloads. */
const MAX_NAME = 1_024;
const MAX_GROUP = 256;
const MAX_LIST_TEXT = 65_536;
const MAX_LIST_ITEMS = 2_000;
const MAX_KEYWORD = 255;
const INT32_MAX = 2_147_483_647;

/** A token id in a body (`tokens.id` is a PostgreSQL `integer`). */
const tokenId = z.int().positive().max(INT32_MAX);

/** Model limits: the console's comma-joined string, or a list of names (joined here). */
const modelLimits = z
  .union([z.string().max(MAX_LIST_TEXT), z.array(z.string().max(MAX_NAME)).max(MAX_LIST_ITEMS)])
  .nullish()
  .transform((value) => (Array.isArray(value) ? value.join(',') : value));

/** The token settings the create and edit forms share; absent or null means "not given". */
const tokenSettings = {
  name: z.string().max(MAX_NAME).nullish(),
  expired_time: z.int().nullish(),
  remain_quota: z.number().max(MAX_QUOTA).int().nullish(),
  unlimited_quota: z.boolean().nullish(),
  model_limits_enabled: z.boolean().nullish(),
  model_limits: modelLimits,
  allow_ips: z.string().max(MAX_LIST_TEXT).nullish(),
  group: z.string().max(MAX_GROUP).nullish(),
  /** Requests and tokens per minute (0 for no limit); identity checks the range. */
  rate_limit_rpm: z.int().nullish(),
  rate_limit_tpm: z.int().nullish(),
};

/** `POST /api/token/`: a missing name is left to identity, which answers with its message. */
export const createTokenBody = z.object({ ...tokenSettings, count: z.int().nullish() });

/**
 * `PUT /api/token/`: the console sends the whole token it loaded; only these fields are read
 * (key, counters and times are ignored), and an absent or null one is unchanged.
 */
export const updateTokenBody = z.object({ ...tokenSettings, id: tokenId, status: z.int().nullish() });

/** `PUT /api/token/?status_only=true`. */
export const tokenStatusBody = z.object({ id: tokenId, status: z.int() });

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
  return { keyword: queryValue(req, 'keyword', MAX_KEYWORD) ?? '', key: queryValue(req, 'token', MAX_KEYWORD) ?? '' };
}
