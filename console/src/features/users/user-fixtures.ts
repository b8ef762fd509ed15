import type { ManagedUser, UserPage } from './users-api';

/** A user as user management lists it; fields overridable per test. */
export function aUser(fields: Partial<ManagedUser> = {}): ManagedUser {
  return {
    id: 20,
    username: 'bob',
    display_name: 'Bob',
    role: 1,
    status: 1,
    email: '',
    github_id: '',
    oidc_id: '',
    wechat_id: '',
    telegram_id: '',
    linux_do_id: '',
    quota: 1_000_000,
    used_quota: 250_000,
    request_count: 12,
    group: 'default',
    aff_code: 'AbCd',
    aff_count: 0,
    aff_quota: 0,
    aff_history_quota: 0,
    inviter_id: 0,
    setting: '',
    deleted_at: 0,
    DeletedAt: null,
    ...fields,
  };
}

export function aUserPage(items: ManagedUser[], total = items.length, page = 1, pageSize = 10): UserPage {
  return { items, total, page, page_size: pageSize };
}
