import { z } from 'zod';
import type { BalanceQuery } from './balance-readers';
import { amount, parseAnswer } from './balance-shapes';

const subscriptionAnswer = z.object({
  hard_limit_usd: amount,
  has_payment_method: z.boolean().optional(),
});

const usageAnswer = z.object({
  /** Cents. */
  total_usage: amount,
});

/** `YYYY-MM-DD` of a date, in UTC. */
const day = (date: Date) => date.toISOString().slice(0, 10);

/** Days of usage counted for an account without a payment method (a prepaid grant). */
const GRANT_USAGE_DAYS = 100;

/**
 * OpenAI's dashboard billing (types 1 and 8): `GET {base}/v1/dashboard/billing/subscription`
 * gives the hard limit in USD; `GET {base}/v1/dashboard/billing/usage?start_date&end_date` the
 * usage in cents since the start of this month (or, for an account without a payment method,
 * over the last 100 days). The balance is the limit minus the usage, in USD.
 */
export async function readOpenAIBalance(query: BalanceQuery): Promise<number> {
  const subscriptionUrl = `${query.baseUrl}/v1/dashboard/billing/subscription`;
  const subscriptionJson = await query.getJson(subscriptionUrl, query.auth);
  const subscription = parseAnswer(subscriptionAnswer, subscriptionJson, 'the billing subscription API');
  const now = query.now;
  const start = subscription.has_payment_method
    ? `${day(now).slice(0, 7)}-01`
    : day(new Date(now.getTime() - GRANT_USAGE_DAYS * 86_400_000));
  const usageUrl = `${query.baseUrl}/v1/dashboard/billing/usage?start_date=${start}&end_date=${day(now)}`;
  const usage = parseAnswer(usageAnswer, await query.getJson(usageUrl, query.auth), 'the billing usage API');
  return subscription.hard_limit_usd - usage.total_usage / 100;
}
