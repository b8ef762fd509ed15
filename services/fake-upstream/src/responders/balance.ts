// Account balance endpoints of OpenAI-compatible providers, as gateways read them: OpenAI's
// dashboard billing (subscription and usage), SiliconCloud's user info and DeepSeek's balance.
// Each answers fixed, realistic figures; a test that needs others programs a `body`.
import type { Exchange } from '../exchange';
import { invalidRequest } from '../errors';
import { sendJson } from '../reply';

/** OpenAI: the account's hard limit in USD. */
export const FAKE_HARD_LIMIT_USD = 100;
/** OpenAI: usage in the requested period, in cents (so the balance is 100 − 25.50 = 74.50 USD). */
export const FAKE_TOTAL_USAGE_CENTS = 2550;
/** SiliconCloud: the total balance (granted plus charged), a numeric string as the API sends it. */
export const FAKE_SILICONFLOW_TOTAL_BALANCE = '20.50';
/** DeepSeek: the CNY total balance, a numeric string as the API sends it. */
export const FAKE_DEEPSEEK_TOTAL_BALANCE = '110.00';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `GET /v1/dashboard/billing/subscription`. */
export function respondBillingSubscription(x: Exchange): void {
  sendJson(x.res, x.status, {
    object: 'billing_subscription',
    has_payment_method: false,
    soft_limit_usd: FAKE_HARD_LIMIT_USD * 0.8,
    hard_limit_usd: FAKE_HARD_LIMIT_USD,
    system_hard_limit_usd: FAKE_HARD_LIMIT_USD,
    access_until: x.created + 365 * 86_400,
  });
}

/** `GET /v1/dashboard/billing/usage?start_date=YYYY-MM-DD&end_date=YYYY-MM-DD`: 400 without both dates. */
export function respondBillingUsage(x: Exchange): void {
  const query = new URL(x.res.req.url ?? '/', 'http://fake-upstream.invalid').searchParams;
  for (const param of ['start_date', 'end_date']) {
    if (!DATE.test(query.get(param) ?? '')) {
      sendJson(x.res, 400, invalidRequest(`Invalid '${param}': expected a date as YYYY-MM-DD.`, param));
      return;
    }
  }
  sendJson(x.res, x.status, { object: 'list', daily_costs: [], total_usage: FAKE_TOTAL_USAGE_CENTS });
}

/** `GET /v1/user/info` (SiliconCloud): `code` 20000 and the balances as strings. */
export function respondUserInfo(x: Exchange): void {
  sendJson(x.res, x.status, {
    code: 20000,
    message: 'OK',
    status: true,
    data: {
      id: `user-${x.uid}`,
      name: 'fake-upstream',
      image: '',
      email: 'fake@fake-upstream.invalid',
      isAdmin: false,
      balance: '8.00',
      status: 'normal',
      introduction: '',
      role: '',
      chargeBalance: '12.50',
      totalBalance: FAKE_SILICONFLOW_TOTAL_BALANCE,
    },
  });
}

/** `GET /user/balance` (DeepSeek): one entry per currency, amounts as strings. */
export function respondUserBalance(x: Exchange): void {
  sendJson(x.res, x.status, {
    is_available: true,
    balance_infos: [
      { currency: 'CNY', total_balance: FAKE_DEEPSEEK_TOTAL_BALANCE, granted_balance: '10.00', topped_up_balance: '100.00' },
    ],
  });
}
