import { z } from 'zod';
import { MAX_QUOTA } from '../api-bounds';
import { queryString } from './query';

/**
 * User management by admins (`/api/user/`, `/api/user/search`, `/api/user/manage`; spec §7
 * "Users"). Edge checks types and sizes (so nothing malformed or oversized crosses gRPC);
 * identity applies the product's rules (lengths, roles, groups). The user itself is
 * `adminUserJson` (`./user`).
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

/** The actions of `POST /api/user/manage`; any other name is refused by identity. */
export const MANAGE_USER_ACTIONS = ['promote', 'demote', 'enable', 'disable', 'delete'] as const;
export type ManageUserAction = (typeof MANAGE_USER_ACTIONS)[number];

/** `POST /api/user/manage`. */
export const manageUserBody = z.object({
  id: z.int().positive(),
  action: z.string().max(32),
});

/** The filters of `GET /api/user/search` (beside the paging). */
export const userSearchQuery = z.object({
  keyword: queryString(MAX_KEYWORD),
  group: queryString(MAX_NAME),
});

/** What `POST /api/user/manage` answers: the user's role and status after the action. */
export const manageUserJson = z.object({ role: z.number(), status: z.number() });

export type CreateUserBody = z.input<typeof createUserBody>;
export type UpdateUserBody = z.input<typeof updateUserBody>;
export type ManageUserBody = z.input<typeof manageUserBody>;
export type ManageUserJson = z.infer<typeof manageUserJson>;
