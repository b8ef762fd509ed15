import { formatLogQuota, type TypedOptionReader } from '@modelgate/db';

// The amount formatter is shared with billing (redemption, top-up and admin balance logs); it lives in
// @modelgate/db. Billing words the admin balance changes it computes.
export { formatLogQuota };

/** Log content of the balance a new account starts with (QuotaForNewUser). */
export function newUserQuotaLogContent(quota: number, options: TypedOptionReader): string {
  return `新用户注册赠送 ${formatLogQuota(quota, options)}`;
}
