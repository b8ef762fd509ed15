import { buildPriceTable, resolveModelPricing } from '@modelgate/pricing';
import { createLogger, QuotaExceededError, UnavailableError } from '@modelgate/runtime';
import type { Admission, AdmissionRequest } from '../admission';
import type { StreamParser } from '../providers/types';
import { BUDGET_CHECK_BYTES, endableWithReason, StreamBudget } from './stream-budget';

const logger = createLogger({ service: 'budget-test', level: 'silent' });

/** An admitter holding from a balance, refusing past it; records what it admitted and refunded. */
function admitterOf(balance: number) {
  const held = new Map<string, number>();
  return {
    held,
    refunded: [] as string[],
    async admit(request: AdmissionRequest): Promise<Admission> {
      const used = [...held.values()].reduce((a, b) => a + b, 0);
      if (used + request.estimate > balance) throw new QuotaExceededError(`user quota: ${balance - used}, need quota: ${request.estimate}`, { code: 'insufficient_user_quota' });
      held.set(request.requestId, request.estimate);
      return { reserved: request.estimate };
    },
    async refund(requestId: string) {
      held.delete(requestId);
      this.refunded.push(requestId);
    },
  };
}

function pricingOf() {
  const table = buildPriceTable({ ModelRatio: JSON.stringify({ m: 1 }), CompletionRatio: JSON.stringify({ m: 1 }), GroupRatio: JSON.stringify({ default: 1 }) });
  const priced = resolveModelPricing(table, { model: 'm', group: 'default', userRole: 1 });
  if (!priced.ok) throw new Error(priced.error.message);
  return priced.pricing;
}

const owner = { userId: 1, tokenId: 2, tokenUnlimited: true, userQuotaHint: 0, tokenRemainHint: 0 };
const relayWith = (chars: number): Pick<StreamParser, 'deliveredChars'> => ({ deliveredChars: () => chars });

describe('StreamBudget', () => {
  let pricing: ReturnType<typeof pricingOf>;
  beforeAll(() => {
    pricing = pricingOf();
  });

  const budgetOf = (admitter: ReturnType<typeof admitterOf>) =>
    new StreamBudget({ admitter, logger, owner, priced: { pricing, estimate: 100 }, promptTokens: 10, first: { reserved: 100 } });

  it('is due only every few kilobytes', () => {
    const budget = budgetOf(admitterOf(1_000));
    expect(budget.due(BUDGET_CHECK_BYTES - 1)).toBe(false);
    expect(budget.due(1)).toBe(true);
  });

  it('holds more while the balance covers the answer, refuses once it does not, and refunds its holds', async () => {
    const admitter = admitterOf(1_000);
    const budget = budgetOf(admitter);
    // 30 tokens and the prompt: within the first hold.
    expect(await budget.check(relayWith(90))).toBeUndefined();
    expect(admitter.held.size).toBe(0);
    // About 310 tokens: one more hold of the running cost.
    expect(await budget.check(relayWith(900))).toBeUndefined();
    expect([...admitter.held.values()]).toEqual([expect.any(Number)]);
    const first = [...admitter.held.values()][0]!;
    expect(first).toBeGreaterThanOrEqual(300);
    // About 1 010 tokens: the balance no longer covers another hold.
    const refusal = await budget.check(relayWith(3_000));
    expect(refusal).toBeInstanceOf(QuotaExceededError);
    expect(refusal).toMatchObject({ code: 'insufficient_user_quota', httpStatus: 403 });
    expect(refusal!.message).toContain('balance no longer covers it');
    await budget.release();
    expect(admitter.held.size).toBe(0);
    expect(admitter.refunded).toHaveLength(1);
  });

  it('lets the answer go on, unwatched, when billing cannot be reached', async () => {
    const admitter = admitterOf(1_000);
    admitter.admit = async () => {
      throw new UnavailableError('billing is down');
    };
    const budget = budgetOf(admitter);
    expect(await budget.check(relayWith(3_000))).toBeUndefined();
    expect(budget.due(BUDGET_CHECK_BYTES * 2)).toBe(false);
  });
});

describe('endableWithReason', () => {
  const inner: StreamParser = {
    push: (chunk) => chunk,
    finish: (end) => ({ rest: Buffer.from(end?.interrupted ? 'data: {"error":"cut"}\n\n' : 'data: [DONE]\n\n'), summary: {} as never }),
  };

  it('ends as the relay would without a reason of its own', () => {
    expect(Buffer.from(endableWithReason(inner, 'openai').finish({}).rest).toString()).toBe('data: [DONE]\n\n');
  });

  it("replaces the relay's tail with the client protocol's error event carrying the reason", () => {
    const reason = new QuotaExceededError('balance spent', { code: 'insufficient_user_quota' });
    const anthropic = Buffer.from(endableWithReason(inner, 'anthropic').finish({ reason }).rest).toString();
    expect(anthropic.startsWith('\n\nevent: error\n')).toBe(true);
    expect(anthropic).toContain('balance spent');
    const openai = Buffer.from(endableWithReason(inner, 'openai').finish({ reason }).rest).toString();
    expect(JSON.parse(openai.trim().replace(/^data: /, ''))).toMatchObject({ error: { message: 'balance spent', code: 'insufficient_user_quota' } });
  });
});
