import type { Redemption__Output } from '@modelgate/contracts';
import type { RedemptionJson } from '@modelgate/contracts/api';

/** A code as `/api` shows it, with JSON numbers. */
export function redemptionJson(redemption: Redemption__Output | null): RedemptionJson | null {
  if (!redemption) return null;
  return {
    id: redemption.id,
    user_id: redemption.user_id,
    key: redemption.key,
    status: redemption.status,
    name: redemption.name,
    quota: Number(redemption.quota),
    created_time: Number(redemption.created_time),
    redeemed_time: Number(redemption.redeemed_time),
    used_user_id: redemption.used_user_id,
  };
}
