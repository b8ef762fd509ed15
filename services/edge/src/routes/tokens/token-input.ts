import { ValidationError } from '@modelgate/runtime';
import type { Request } from 'express';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, queryValue } from '../user-admin/user-admin-input';

/**
 * The shapes of the token requests. Edge checks types and sizes (so nothing malformed or
 * oversized crosses gRPC); identity applies the product's rules (name length, expiry, quota,
 * IP list, groups, status transitions) with the messages the console shows.
 */

const INVALID_INPUT = '输入不合法：';
/** The budget of a new token when the client names none (spec §9: default new token quota). */
export const DEFAULT_NEW_TOKEN_QUOTA = 500_000;
/** Size caps of free text, well above identity's rules, against oversized payloads. */
const MAX_NAME = 1_024;
const MAX_GROUP = 256;
const MAX_LIST_TEXT = 65_536;
const MAX_LIST_ITEMS = 2_000;
const MAX_KEYWORD = 255;
/** Highest page number accepted (far beyond any real listing; keeps offsets small). */
const MAX_PAGE = 10_000_000;
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
  remain_quota: z.int().nullish(),
  unlimited_quota: z.boolean().nullish(),
  model_limits_enabled: z.boolean().nullish(),
  model_limits: modelLimits,
  allow_ips: z.string().max(MAX_LIST_TEXT).nullish(),
  group: z.string().max(MAX_GROUP).nullish(),
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
  const raw = String(req.params.id);
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  if (id <= 0 || id > INT32_MAX) throw new ValidationError(`${INVALID_INPUT}令牌 ID 必须是正整数`, { code: 'invalid_token_id' });
  return id;
}

function queryNumber(req: Request, name: string): number | undefined {
  const value = queryValue(req, name, 12);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new ValidationError(`${INVALID_INPUT}${name} 必须是非负整数`);
  return Number(value);
}

/**
 * Paging of the token list (`p`, `size` or `page_size`). Pages are 0-based, as the console's
 * token table counts them; the size defaults to 10 and is capped at 100.
 */
export function tokenPagingOf(req: Request): { page: number; page_size: number } {
  const page = queryNumber(req, 'p') ?? 0;
  if (page > MAX_PAGE) throw new ValidationError(`${INVALID_INPUT}p 不能大于 ${MAX_PAGE}`);
  const size = queryNumber(req, 'size') ?? queryNumber(req, 'page_size') ?? 0;
  return { page, page_size: size === 0 ? DEFAULT_PAGE_SIZE : Math.min(size, MAX_PAGE_SIZE) };
}

/** The filters of `GET /api/token/search`: a name keyword and (part of) a key. */
export function tokenSearchOf(req: Request): { keyword: string; key: string } {
  return { keyword: queryValue(req, 'keyword', MAX_KEYWORD) ?? '', key: queryValue(req, 'token', MAX_KEYWORD) ?? '' };
}

/** `?status_only=`: any value but empty, `false` or `0` asks for a status-only update (as the reference reads it). */
export function isStatusOnly(req: Request): boolean {
  const value = queryValue(req, 'status_only', 16);
  return value !== undefined && value !== 'false' && value !== '0';
}
