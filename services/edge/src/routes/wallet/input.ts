import { z } from 'zod';
import { integer } from '../redemptions/input';

/**
 * The shapes of the wallet requests (redeeming, pricing and placing a top-up). Edge checks types
 * and sizes; billing applies the product's rules (minimum amount, payment methods, codes).
 */

/** Size cap of a typed code; real keys are 32 characters, anything longer is simply unknown. */
const MAX_KEY = 256;

/** `POST /api/user/topup`: an absent key is answered by billing with 请输入兑换码！. */
export const redeemBody = z.object({
  key: z.string().max(MAX_KEY).nullish(),
});

/** `POST /api/user/amount`: `top_up_code` is accepted for compatibility and not used. */
export const amountBody = z.object({
  amount: integer.nullish(),
  top_up_code: z.string().max(MAX_KEY).nullish(),
});

/** `POST /api/user/pay`. */
export const payBody = amountBody.extend({
  payment_method: z.string().max(32).nullish(),
});

/**
 * The parameters of a payment notice from a query string or a form body, each with its first
 * value; anything that is not text is dropped.
 */
export function noticeParamsOf(...sources: unknown[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (const source of sources) {
    if (typeof source !== 'object' || source === null) continue;
    for (const [name, value] of Object.entries(source)) {
      const first: unknown = Array.isArray(value) ? value[0] : value;
      if (typeof first === 'string' && !Object.hasOwn(params, name)) params[name] = first;
    }
  }
  return params;
}
