import type { SelfUser } from '../account/self-api';

/** A signed-in user's own record as `GET /api/user/self` answers it in component tests. */
export function selfUser(overrides: Partial<SelfUser> = {}): SelfUser {
  return {
    id: 7,
    username: 'alice',
    display_name: 'Alice',
    role: 1,
    status: 1,
    email: '',
    github_id: '',
    oidc_id: '',
    wechat_id: '',
    telegram_id: '',
    linux_do_id: '',
    group: 'default',
    quota: 1_000_000,
    used_quota: 250_000,
    request_count: 12_345,
    aff_code: 'AbCd',
    aff_count: 3,
    aff_quota: 750_000,
    aff_history_quota: 1_500_000,
    inviter_id: 0,
    setting: '',
    access_token: '',
    ...overrides,
  };
}
