import { z } from 'zod';
import { UpstreamError } from '../../protocols/upstream-error';
import type { BalanceQuery } from './balance-readers';
import { amount, parseAnswer } from './balance-shapes';

const balanceAnswer = z.object({
  balance_infos: z.array(z.object({ currency: z.string(), total_balance: amount })),
});

/** Currencies read, in order of preference: the CNY balance (as the reference reads), else USD. */
const CURRENCIES = ['CNY', 'USD'];

/**
 * DeepSeek (type 43): `GET {base}/user/balance` lists one balance per currency; the balance is
 * the `total_balance` of the CNY entry, or of the USD entry for accounts kept in dollars.
 */
export async function readDeepSeekBalance(query: BalanceQuery): Promise<number> {
  const answer = parseAnswer(balanceAnswer, await query.getJson(`${query.baseUrl}/user/balance`, query.auth), 'the balance API');
  for (const currency of CURRENCIES) {
    const entry = answer.balance_infos.find((info) => info.currency === currency);
    if (entry) return entry.total_balance;
  }
  throw new UpstreamError({ kind: 'upstream', status: 200, message: 'the balance API reported no CNY or USD balance' });
}
