import { z } from 'zod';

/** `GET /api/pricing` (spec §7 "Pricing"; public). */

/** One model an enabled channel serves, with its prices (spec §3 "Pricing row"). */
export const pricingRowJson = z.object({
  model_name: z.string(),
  /** 0 usage-based, 1 per call. */
  quota_type: z.number(),
  model_ratio: z.number(),
  completion_ratio: z.number(),
  model_price: z.number(),
  /** Groups in which the model is served. */
  enable_groups: z.array(z.string()),
});

/**
 * The whole answer: the rows in `data`, and beside it the caller's groups (the signed-in user's,
 * else the default group's): `group_ratio` the ratio of each, `usable_group` their descriptions.
 */
export const pricingEnvelope = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.array(pricingRowJson).optional(),
  group_ratio: z.record(z.string(), z.number()).optional(),
  usable_group: z.record(z.string(), z.string()).optional(),
});

export type PricingRowJson = z.infer<typeof pricingRowJson>;
export type PricingEnvelope = z.infer<typeof pricingEnvelope>;
