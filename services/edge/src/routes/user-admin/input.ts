import { MAX_QUOTA } from '@modelgate/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import { queryValue } from '../../http/query-input';

/**
 * The shapes of the user-management requests. Edge checks types and sizes (so nothing malformed
 * or oversized crosses gRPC); identity applies the product's rules (lengths, roles, groups).
 */

/** Size caps of free text, well above identity's rules, against oversized payloads. */
const MAX_NAME = 64;
const MAX_SECRET = 128;
const MAX_KEYWORD = 255;

const text = (max: number) => z.string().max(max).nullish();

/** `POST /api/user/`: missing credentials are left to identity, which answers with the reference message. */
export const createUserBody = z.object({
  username: text(MAX_NAME),
  display_name: text(MAX_NAME),
  password: text(MAX_SECRET),
  role: z.int().nullish(),
});

/**
 * `PUT /api/user/`: the console sends the whole user it loaded; only these fields are read,
 * every other one (bindings, counters, status) is ignored, and an absent or null one is unchanged.
 */
export const updateUserBody = z.object({
  id: z.int().positive(),
  username: text(MAX_NAME),
  display_name: text(MAX_NAME),
  password: text(MAX_SECRET),
  group: text(MAX_NAME),
  quota: z.number().max(MAX_QUOTA).int().nullish(),
  quota_delta: z.number().min(-MAX_QUOTA).max(MAX_QUOTA).int().nullish(),
  role: z.int().nullish(),
});

/** `POST /api/user/manage`. */
export const manageUserBody = z.object({
  id: z.int().positive(),
  action: z.string().max(32),
});

/** The filters of `GET /api/user/search`. */
export function searchOf(req: Request): { keyword: string; group: string } {
  return { keyword: queryValue(req, 'keyword', MAX_KEYWORD) ?? '', group: queryValue(req, 'group', MAX_NAME) ?? '' };
}
