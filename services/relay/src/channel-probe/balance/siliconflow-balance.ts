import { z } from 'zod';
import { UpstreamError } from '../../protocols/upstream-error';
import type { BalanceQuery } from './balance-readers';
import { amount, parseAnswer } from './balance-shapes';

/** SiliconCloud's success code in the body of `/v1/user/info`. */
const OK_CODE = 20000;

const statusAnswer = z.object({ code: z.number(), message: z.string().nullish() });
const balanceAnswer = z.object({ data: z.object({ totalBalance: amount }) });

/**
 * SiliconCloud (type 40): `GET {base}/v1/user/info` answers `{code, message, data}`; code 20000
 * is success and `data.totalBalance` (a numeric string, in CNY) is the balance.
 */
export async function readSiliconFlowBalance(query: BalanceQuery): Promise<number> {
  const answer = await query.getJson(`${query.baseUrl}/v1/user/info`, query.auth);
  const status = parseAnswer(statusAnswer, answer, 'the user info API');
  if (status.code !== OK_CODE) {
    throw new UpstreamError({ kind: 'upstream', status: 200, message: `code ${status.code}: ${status.message || 'refused'}` });
  }
  return parseAnswer(balanceAnswer, answer, 'the user info API').data.totalBalance;
}
