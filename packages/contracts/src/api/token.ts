import { z } from 'zod';
import { MAX_QUOTA } from '../api-bounds';
import { queryString } from './query';

/** `/api/token/...` (spec §7 "Tokens"). Edge checks types and sizes; identity applies the rules. */

/** Size caps of free text, well above identity's rules, against oversized payloads. */
const MAX_NAME = 1_024;
const MAX_GROUP = 256;
const MAX_LIST_TEXT = 65_536;
const MAX_LIST_ITEMS = 2_000;
const INT32_MAX = 2_147_483_647;
/** Longest search filter (a name keyword or part of a key). */
const MAX_KEYWORD = 255;

/** A token id in a body (`tokens.id` is a PostgreSQL `integer`). */
const tokenId = z.int().positive().max(INT32_MAX);

/** Model limits: the console's comma-joined string, or a list of names (joined on reading). */
const modelLimits = z
  .union([z.string().max(MAX_LIST_TEXT), z.array(z.string().max(MAX_NAME)).max(MAX_LIST_ITEMS)])
  .nullish()
  .transform((value) => (Array.isArray(value) ? value.join(',') : value));

/** The token settings the create and edit forms share; absent or null means "not given". */
const tokenSettings = {
  name: z.string().max(MAX_NAME).nullish(),
  /** Unix seconds; -1 never expires. */
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

/** A token as `/api` shows it to its owner. */
export const tokenJson = z.object({
  id: z.number(),
  user_id: z.number(),
  /** The 48-character secret without `sk-`; the console shows and copies it as `sk-<key>`. */
  key: z.string(),
  /** 1 enabled, 2 disabled, 3 expired, 4 exhausted. */
  status: z.number(),
  name: z.string(),
  created_time: z.number(),
  accessed_time: z.number(),
  /** Unix seconds; -1 never expires. */
  expired_time: z.number(),
  remain_quota: z.number(),
  unlimited_quota: z.boolean(),
  model_limits_enabled: z.boolean(),
  /** Comma-joined model names. */
  model_limits: z.string(),
  /** One IP or CIDR range per line. */
  allow_ips: z.string(),
  used_quota: z.number(),
  group: z.string(),
  /** Requests per minute the token may make; 0 for no limit. */
  rate_limit_rpm: z.number(),
  /** Tokens per minute the token may use; 0 for no limit. */
  rate_limit_tpm: z.number(),
});

/** The filters of `GET /api/token/search` (beside the paging): a name keyword and (part of) a key. */
export const tokenSearchQuery = z
  .object({ keyword: queryString(MAX_KEYWORD), token: queryString(MAX_KEYWORD) })
  .transform(({ keyword, token }) => ({ keyword, key: token }));

export type TokenJson = z.infer<typeof tokenJson>;
export type CreateTokenBody = z.input<typeof createTokenBody>;
export type UpdateTokenBody = z.input<typeof updateTokenBody>;
