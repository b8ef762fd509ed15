import { z } from 'zod';

/** `/api/redemption/...` (spec §7 "Redemption codes"). */

/** A redemption code (spec §3 Redemption). */
export const redemptionJson = z.object({
  id: z.number(),
  /** The admin who created it. */
  user_id: z.number(),
  key: z.string(),
  /** 1 unused, 2 disabled, 3 used. */
  status: z.number(),
  name: z.string(),
  quota: z.number(),
  created_time: z.number(),
  /** Unix seconds; 0 until redeemed. */
  redeemed_time: z.number(),
  /** Who redeemed it; 0 = nobody. */
  used_user_id: z.number(),
});

export type RedemptionJson = z.infer<typeof redemptionJson>;
