import type { User } from '@modelgate/contracts';
import type { UserEntity } from '@modelgate/db';

/** What a view of a user may include besides the public profile. */
export interface UserViewOptions {
  /** The system access token: only in the user's own view. */
  includeAccessToken: boolean;
}

/**
 * A user's profile as the `User` message, the password hash never included and its money fields
 * zero: balances are billing's (ADR 0002), and every view that shows them (the user's own, the
 * admin's list and answers) takes them from billing's `GetUserBalances` in edge, which replaces
 * these zeros; identity never reads the balance columns to fill them.
 */
export function toProfileMessage(user: UserEntity, options: UserViewOptions): User {
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
    quota: 0,
    used_quota: 0,
    request_count: 0,
    group: user.group,
    aff_code: user.aff_code ?? '',
    aff_count: 0,
    aff_quota: 0,
    aff_history_quota: 0,
    inviter_id: user.inviter_id ?? 0,
    deleted_at: user.deleted_at ? Math.floor(user.deleted_at.getTime() / 1000) : 0,
    setting: user.setting ?? '',
  };
}
