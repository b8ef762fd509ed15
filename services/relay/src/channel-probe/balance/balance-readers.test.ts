import { UpstreamError } from '../../protocols/upstream-error';
import type { ProbeChannel } from '../probe-store';
import { balanceBaseUrl, balanceReaderFor, type BalanceQuery, typesWithBalance } from './balance-readers';
import { findChannelType } from '@modelgate/channel-types';

/** A query whose JSON GET answers from `answers` by path, recording each URL. */
function queryWith(answers: Record<string, unknown>, now = new Date('2025-04-10T12:00:00Z')) {
  const urls: string[] = [];
  const query: BalanceQuery = {
    channel: { id: 1, type: 1, key: 'sk-x' } as ProbeChannel,
    baseUrl: 'https://provider.test',
    auth: { Authorization: 'Bearer sk-x' },
    now,
    async getJson(url, headers) {
      expect(headers).toEqual({ Authorization: 'Bearer sk-x' });
      urls.push(url);
      return answers[new URL(url).pathname];
    },
  };
  return { query, urls };
}

const read = (type: number, query: BalanceQuery) => balanceReaderFor(type)!(query);

describe('balance readers', () => {
  it('cover OpenAI, Custom, SiliconCloud and DeepSeek, and nothing else', () => {
    expect(typesWithBalance().sort((a, b) => a - b)).toEqual([1, 8, 40, 43]);
    for (const type of [3, 14, 24, 2]) expect(balanceReaderFor(type)).toBeUndefined();
  });

  it('OpenAI: hard limit minus usage in cents, usage over 100 days without a payment method', async () => {
    const { query, urls } = queryWith({
      '/v1/dashboard/billing/subscription': { hard_limit_usd: 18, has_payment_method: false },
      '/v1/dashboard/billing/usage': { total_usage: 250.5 },
    });
    await expect(read(1, query)).resolves.toBeCloseTo(15.495, 9);
    expect(urls).toEqual([
      'https://provider.test/v1/dashboard/billing/subscription',
      'https://provider.test/v1/dashboard/billing/usage?start_date=2024-12-31&end_date=2025-04-10',
    ]);
  });

  it('OpenAI: usage since the first of the month with a payment method; amounts may be strings', async () => {
    const { query, urls } = queryWith({
      '/v1/dashboard/billing/subscription': { hard_limit_usd: '120', has_payment_method: true },
      '/v1/dashboard/billing/usage': { total_usage: '0' },
    });
    await expect(read(8, query)).resolves.toBe(120);
    expect(urls[1]).toContain('start_date=2025-04-01&end_date=2025-04-10');
  });

  it.each([
    [{ hard_limit_usd: 'lots' }, 'hard_limit_usd'],
    [null, undefined],
    [{}, 'hard_limit_usd'],
  ])('OpenAI: an answer of another shape (%p) is an upstream failure', async (answer, field) => {
    const { query } = queryWith({ '/v1/dashboard/billing/subscription': answer });
    const error = await read(1, query).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as Error).message).toBe(`unexpected answer from the billing subscription API${field ? ` (field ${field})` : ''}`);
  });

  it('SiliconCloud: totalBalance when code is 20000, the code and message otherwise', async () => {
    const ok = queryWith({ '/v1/user/info': { code: 20000, data: { totalBalance: '20.50', balance: '1' } } });
    await expect(read(40, ok.query)).resolves.toBe(20.5);
    const refused = queryWith({ '/v1/user/info': { code: 30001, message: 'suspended', data: null } });
    await expect(read(40, refused.query)).rejects.toThrow('code 30001: suspended');
  });

  it('DeepSeek: the CNY total, else the USD one, else a failure', async () => {
    const both = queryWith({
      '/user/balance': {
        balance_infos: [
          { currency: 'USD', total_balance: '3.00' },
          { currency: 'CNY', total_balance: '110.00' },
        ],
      },
    });
    await expect(read(43, both.query)).resolves.toBe(110);
    const usd = queryWith({ '/user/balance': { balance_infos: [{ currency: 'USD', total_balance: 3 }] } });
    await expect(read(43, usd.query)).resolves.toBe(3);
    const none = queryWith({ '/user/balance': { balance_infos: [{ currency: 'EUR', total_balance: '1' }] } });
    await expect(read(43, none.query)).rejects.toThrow('no CNY or USD balance');
  });

  it("uses the channel's base URL without trailing slashes, else its type's default", () => {
    const openai = findChannelType(1)!;
    expect(balanceBaseUrl({ base_url: ' https://proxy.test/// ' }, openai)).toBe('https://proxy.test');
    expect(balanceBaseUrl({ base_url: '' }, openai)).toBe('https://api.openai.com');
    expect(balanceBaseUrl({ base_url: null }, findChannelType(8)!)).toBeUndefined();
  });
});
