import { formatLogQuota, type TypedOptionReader } from '@modelgate/db';

/** Log content of an admin setting a balance: "管理员将用户额度从 X修改为 Y" (the reference's words). */
export function quotaSetLogContent(from: number, to: number, options: TypedOptionReader): string {
  return `管理员将用户额度从 ${formatLogQuota(from, options)}修改为 ${formatLogQuota(to, options)}`;
}

/** Log content of an admin adding (or, when negative, deducting) an amount. */
export function quotaDeltaLogContent(delta: number, options: TypedOptionReader): string {
  return delta >= 0
    ? `管理员增加用户额度 ${formatLogQuota(delta, options)}`
    : `管理员减少用户额度 ${formatLogQuota(-delta, options)}`;
}

/**
 * The structured `other` of an admin's balance change, from which the console words the log row
 * in the reader's language: `{admin_quota: {from, to}}` for a balance set outright,
 * `{admin_quota: {delta}}` for an amount added or deducted (quota units).
 */
export function adminQuotaLogOther(change: { from: number; to: number } | { delta: number }): string {
  return JSON.stringify({ admin_quota: change });
}
