import { z } from 'zod';
import { integer } from './redemption';

/**
 * The wallet (`/api/user/topup`, `/api/user/amount`, `/api/user/pay`; spec §7 "Wallet"):
 * redeeming a code, pricing and placing an online top-up. Edge checks types and sizes; billing
 * applies the product's rules (minimum amount, payment methods, codes).
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

/** The payment methods of the console: `zfb` Alipay, `wx` WeChat Pay. */
export const PAYMENT_METHODS = ['zfb', 'wx'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** `POST /api/user/pay`: billing refuses a method it does not offer. */
export const payBody = amountBody.extend({
  payment_method: z.string().max(32).nullish(),
});

/** `POST /api/user/topup` answers the quota credited, in quota units. */
export const redeemJson = z.number();

/** `POST /api/user/amount` answers the amount to pay in the gateway's currency, as text (e.g. "7.30"), with `message: "success"`. */
export const topUpQuoteJson = z.string();

/** `POST /api/user/pay` answers the signed form's fields in `data`, with `message: "success"`. */
export const paymentFormParamsJson = z.record(z.string(), z.string());

/** The whole answer of `POST /api/user/pay`: where to post the form (`url`) beside the envelope. */
export const paymentFormEnvelope = z.object({
  success: z.boolean(),
  message: z.string(),
  data: paymentFormParamsJson.optional(),
  url: z.string().optional(),
});

export type RedeemBody = z.input<typeof redeemBody>;
export type AmountBody = z.input<typeof amountBody>;
export type PayBody = z.input<typeof payBody>;
export type RedeemJson = z.infer<typeof redeemJson>;
export type TopUpQuoteJson = z.infer<typeof topUpQuoteJson>;
export type PaymentFormParamsJson = z.infer<typeof paymentFormParamsJson>;
export type PaymentFormEnvelope = z.infer<typeof paymentFormEnvelope>;
