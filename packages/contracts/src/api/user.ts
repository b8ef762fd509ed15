import { z } from 'zod';

/** Users as `/api` shows them (spec §7 "Users", "Account"): numbers as numbers, no password ever. */

/** The fields every JSON view of a user has. */
export const userJson = z.object({
  id: z.number(),
  username: z.string(),
  display_name: z.string(),
  /** 1 common user, 10 admin, 100 super admin. */
  role: z.number(),
  /** 1 activated, 2 banned, 3 cannot be enabled. */
  status: z.number(),
  email: z.string(),
  github_id: z.string(),
  oidc_id: z.string(),
  wechat_id: z.string(),
  telegram_id: z.string(),
  linux_do_id: z.string(),
  quota: z.number(),
  used_quota: z.number(),
  request_count: z.number(),
  group: z.string(),
  aff_code: z.string(),
  aff_count: z.number(),
  aff_quota: z.number(),
  aff_history_quota: z.number(),
  inviter_id: z.number(),
  /** Notification settings, JSON text. */
  setting: z.string(),
});

/** The signed-in user's own view (`GET /api/user/self`): also their system access token (empty until generated). */
export const selfUserJson = userJson.extend({ access_token: z.string() });

/** A user as user management shows it: also when it was deleted; never the access token. */
export const adminUserJson = userJson.extend({
  /** Unix seconds of the (soft) deletion; 0 when not deleted. */
  deleted_at: z.number(),
  /** The same moment as RFC 3339 text, or null (the reference's name and form). */
  DeletedAt: z.string().nullable(),
});

export type UserJson = z.infer<typeof userJson>;
export type SelfUserJson = z.infer<typeof selfUserJson>;
export type AdminUserJson = z.infer<typeof adminUserJson>;
