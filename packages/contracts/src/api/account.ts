import { z } from 'zod';
import { queryString } from './query';

/**
 * `/api/user/...` account calls (spec §7 "Account"): sign-in, registration, password reset and
 * the signed-in user's own profile and settings. Edge refuses what does not parse with the
 * reference's "invalid parameters"; identity applies the product's rules with their messages.
 */

/**
 * Longest text accepted in any account field before identity sees it. Identity applies the real
 * limits (12-character usernames, 20-character passwords, ...) with their own messages; this
 * only keeps absurd input off the wire.
 */
export const MAX_ACCOUNT_FIELD_LENGTH = 1024;

/** A text field that may be absent or null (read as empty). */
const optionalText = z
  .string()
  .max(MAX_ACCOUNT_FIELD_LENGTH)
  .nullish()
  .transform((value) => value ?? '');

/** A text field that must be present. */
const requiredText = z.string().max(MAX_ACCOUNT_FIELD_LENGTH);

/** `POST /api/user/register`. */
export const registerBody = z.object({
  username: optionalText,
  password: optionalText,
  password2: optionalText,
  email: optionalText,
  verification_code: optionalText,
  aff_code: optionalText,
});

/** `POST /api/user/login`: both fields required. */
export const loginBody = z.object({ username: requiredText, password: requiredText });

/** `POST /api/user/reset`. */
export const resetBody = z.object({ email: optionalText, token: optionalText });

/** `PUT /api/user/self`: any subset of the profile; absent fields stay unchanged. */
export const profileBody = z.object({
  username: optionalText,
  display_name: optionalText,
  password: optionalText,
  original_password: optionalText,
});

/** `POST /api/user/aff_transfer`: an integer amount of quota units. */
export const affTransferBody = z.object({ quota: z.number().int().refine(Number.isSafeInteger) });

/** A number, also accepted as numeric text (form inputs often send text). */
const numberLike = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

/** `PUT /api/user/setting` (spec §7). */
export const settingBody = z.object({
  notify_type: optionalText,
  quota_warning_threshold: numberLike.nullish().transform((value) => value ?? 0),
  webhook_url: optionalText,
  webhook_secret: optionalText,
  notification_email: optionalText,
  accept_unset_model_ratio_model: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
});

/** `GET /api/verification` and `GET /api/reset_password`: the address to mail (Turnstile aside). */
export const emailQuery = z.object({ email: queryString(MAX_ACCOUNT_FIELD_LENGTH) });

/** `GET /api/oauth/email/bind`: the address and the code mailed to it. */
export const emailBindQuery = emailQuery.extend({ code: queryString(MAX_ACCOUNT_FIELD_LENGTH) });

/** `POST /api/user/aff_transfer` answers the balance and the reward left after the transfer. */
export const affTransferJson = z.object({ quota: z.number(), aff_quota: z.number() });

/** `GET /api/user/self/groups`: each group the user may choose (priced ones only) by name. */
export const userGroupsJson = z.record(z.string(), z.object({ desc: z.string(), ratio: z.number() }));

export type RegisterBody = z.input<typeof registerBody>;
export type LoginBody = z.input<typeof loginBody>;
export type ResetBody = z.input<typeof resetBody>;
export type ProfileBody = z.input<typeof profileBody>;
export type SettingBody = z.input<typeof settingBody>;
export type AffTransferBody = z.input<typeof affTransferBody>;
export type AffTransferJson = z.infer<typeof affTransferJson>;
export type UserGroupsJson = z.infer<typeof userGroupsJson>;
