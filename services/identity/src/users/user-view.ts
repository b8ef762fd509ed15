import type { User } from '@modelgate/contracts';
import type { UserEntity } from '@modelgate/db';

/** What a view of a user may include besides the public profile. */
export interface UserViewOptions {
  /** The system access token: only in the user's own view. */
  includeAccessToken: boolean;
}

/** A user row as the `User` message; the password hash never leaves identity. */
export function toUserMessage(user: UserEntity, options: UserViewOptions): User {
  return {
    id: user.id,
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
    access_token: options.includeAccessToken ? (user.access_token ?? '') : '',
    quota: user.quota,
    used_quota: user.used_quota,
    request_count: user.request_count,
    group: user.group,
    aff_code: user.aff_code ?? '',
    aff_count: user.aff_count,
    aff_quota: user.aff_quota,
    aff_history_quota: user.aff_history_quota,
    inviter_id: user.inviter_id ?? 0,
    deleted_at: user.deleted_at ? Math.floor(user.deleted_at.getTime() / 1000) : 0,
    setting: user.setting ?? '',
  };
}

/**
 * A user's profile as the `User` message, its money fields zero: balances are billing's, and
 * whoever shows them asks billing (ADR 0002).
 */
export function toProfileMessage(user: UserEntity, options: UserViewOptions): User {
  return {
    ...toUserMessage(user, options),
    quota: 0,
    used_quota: 0,
    request_count: 0,
    aff_count: 0,
    aff_quota: 0,
    aff_history_quota: 0,
  };
}
