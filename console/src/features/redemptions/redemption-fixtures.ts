import type { Redemption, RedemptionPage } from './redemptions-api';

/** A code as the server lists it; fields overridable per test. */
export function aCode(fields: Partial<Redemption> = {}): Redemption {
  return {
    id: 1,
    user_id: 1,
    key: 'f'.repeat(32),
    status: 1,
    name: 'gift',
    quota: 500_000,
    created_time: 1_700_000_000,
    redeemed_time: 0,
    used_user_id: 0,
    ...fields,
  };
}

export function aCodePage(items: Redemption[], total = items.length, page = 1, pageSize = 10): RedemptionPage {
  return { items, total, page, page_size: pageSize };
}
