import { emailBindQuery, emailQuery } from '@modelgate/contracts/api';
import { ValidationError } from '@modelgate/runtime';
import type { Request } from 'express';
import type { z } from 'zod';
import { parseQuery } from '../../http/query-input';

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

/** The request bodies, declared once in the `/api` contract. */
export {
  affTransferBody,
  loginBody,
  MAX_ACCOUNT_FIELD_LENGTH as MAX_FIELD_LENGTH,
  profileBody,
  registerBody,
  resetBody,
  settingBody,
} from '@modelgate/contracts/api';

function invalidParameters(cause?: unknown): ValidationError {
  return new ValidationError(AccountRouteMessage.invalidParameters, { code: 'invalid_parameters', cause });
}

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

/** `?email=` as text: empty when absent, "invalid parameters" when repeated or oversized. */
export function emailOf(req: Request): string {
  return parseQuery(emailQuery, req, invalidParameters).email;
}

/** `?email=&code=` of an email binding, read as `emailOf` reads the address. */
export function emailBindingOf(req: Request): { email: string; code: string } {
  return parseQuery(emailBindQuery, req, invalidParameters);
}
