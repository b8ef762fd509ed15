import { ValidationError } from '@modelgate/runtime';
import type { Request } from 'express';
import { z } from 'zod';
import { queryValue } from '../../http/query-input';

/**
 * Messages edge itself answers with on the account routes (identity answers every rule about
 * the values; edge only checks that a request has the right shape).
 */
export const AccountRouteMessage = {
  /** The reference's answer to a body or parameter of the wrong shape or type. */
  invalidParameters: '无效的参数',
  /** Login as the super admin with the well-known first-start password (spec §4 "Login"). */
  defaultPassword: '您正在使用默认密码！请立刻修改默认密码！',
  settingSaved: '设置已更新',
  transferDone: '划转成功',
  transferMinimum: (quotaPerUnit: number) => `转移额度最小为${quotaPerUnit}！`,
} as const;

/**
 * Longest text accepted in any account field before identity sees it. Identity applies the real
 * limits (12-character usernames, 20-character passwords, ...) with their own messages; this
 * only keeps absurd input off the wire.
 */
export const MAX_FIELD_LENGTH = 1024;

function invalidParameters(cause?: unknown): ValidationError {
  return new ValidationError(AccountRouteMessage.invalidParameters, { code: 'invalid_parameters', cause });
}

/** A text field that may be absent or null (read as empty). */
export const optionalText = z
  .string()
  .max(MAX_FIELD_LENGTH)
  .nullish()
  .transform((value) => value ?? '');

/** A text field that must be present. */
export const requiredText = z.string().max(MAX_FIELD_LENGTH);

/**
 * The body parsed by `schema`, or the reference's "invalid parameters" for a missing body, a
 * non-object, a field of the wrong type or an oversized field. Unknown fields are ignored, as
 * clients written for the reference send whole objects.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw invalidParameters(result.error);
  return result.data;
}

/** A query parameter as text: empty when absent, "invalid parameters" when repeated or oversized. */
export function queryParam(req: Request, name: string): string {
  return queryValue(req, name, MAX_FIELD_LENGTH, invalidParameters) ?? '';
}

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
