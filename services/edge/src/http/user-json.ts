import type { User__Output } from '@modelgate/contracts';
import type { AdminUserJson, SelfUserJson, UserJson } from '@modelgate/contracts/api';
import type { AuthUser } from '../auth/session-store';

export type { AdminUserJson, SelfUserJson, UserJson } from '@modelgate/contracts/api';

/**
 * The common JSON of a `User` message. int64 fields arrive as decimal strings (ADR 0007) and
 * become JSON numbers, as clients of the reference expect (all stay far below 2^53).
 */
function toUserJson(user: User__Output): UserJson {
  return {
    id: Number(user.id),
    username: user.username,
    display_name: user.display_name,
    role: user.role,
    status: user.status,
    email: user.email,
    github_id: user.github_id,
    oidc_id: user.oidc_id,
    wechat_id: user.wechat_id,
    telegram_id: user.telegram_id,
    linux_do_id: user.linux_do_id,
    quota: Number(user.quota),
    used_quota: Number(user.used_quota),
    request_count: Number(user.request_count),
    group: user.group,
    aff_code: user.aff_code,
    aff_count: user.aff_count,
    aff_quota: Number(user.aff_quota),
    aff_history_quota: Number(user.aff_history_quota),
    inviter_id: Number(user.inviter_id),
    setting: user.setting,
  };
}

/** The user's own view. */
export function toSelfUserJson(user: User__Output): SelfUserJson {
  return { ...toUserJson(user), access_token: user.access_token };
}

/** The admin's view. */
export function toAdminUserJson(user: User__Output): AdminUserJson {
  const deletedAt = Number(user.deleted_at);
  return {
    ...toUserJson(user),
    deleted_at: deletedAt,
    DeletedAt: deletedAt > 0 ? new Date(deletedAt * 1000).toISOString() : null,
  };
}

/** A view of a message field that may be absent (null on the wire). */
export function userJsonOf<T>(user: User__Output | null, view: (user: User__Output) => T): T | null {
  return user ? view(user) : null;
}

/** What a session knows of a user identity just signed in (and what login answers with). */
export function toAuthUser(user: User__Output): AuthUser {
  const { id, username, display_name, role, status, group } = toUserJson(user);
  return { id, username, display_name, role, status, group };
}
