import type { BillingServiceDefinition, Token__Output } from '@modelgate/contracts';
import { type GrpcClient, InternalError } from '@modelgate/runtime';
import { withTokenBalance, withTokenBalances } from './balances';

const tokenOf = (id: number, fields: Partial<Token__Output> = {}): Token__Output => ({
  id: String(id), user_id: '7', key: `key${id}`, status: 1, name: `t${id}`, created_time: '100', accessed_time: '0',
  expired_time: '-1', unlimited_quota: false, model_limits_enabled: false, model_limits: '', allow_ips: '', group: '',
  rate_limit_rpm: 0, rate_limit_tpm: 0, ...fields,
});

function billingWith(remain: Record<number, number>) {
  const call = jest.fn(async () => ({
    balances: Object.entries(remain).map(([id, quota]) => ({ token_id: id, remain_quota: String(quota), used_quota: '3' })),
  }));
  return { billing: { call } as unknown as GrpcClient<BillingServiceDefinition>, call };
}

describe('token views with balances', () => {
  it('asks billing once for a list and keeps the JSON of one row, key for key', async () => {
    const { billing, call } = billingWith({ 2: 0, 1: 40 });
    const views = await withTokenBalances(billing, [tokenOf(1), tokenOf(2)]);
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledWith('GetTokenBalances', { token_ids: ['1', '2'] });
    expect(Object.keys(views[0]!)).toEqual([
      'id', 'user_id', 'key', 'status', 'name', 'created_time', 'accessed_time', 'expired_time', 'remain_quota',
      'unlimited_quota', 'model_limits_enabled', 'model_limits', 'allow_ips', 'used_quota', 'group', 'rate_limit_rpm', 'rate_limit_tpm',
    ]);
    // The limited token with nothing left is shown exhausted (4) from billing's figure.
    expect(views.map((view) => [view.id, view.remain_quota, view.used_quota, view.status])).toEqual([[1, 40, 3, 1], [2, 0, 3, 4]]);
  });

  it('leaves out of a list a token billing no longer knows, and asks nothing for an empty one', async () => {
    const { billing, call } = billingWith({ 1: 5 });
    expect((await withTokenBalances(billing, [tokenOf(1), tokenOf(2)])).map((view) => view.id)).toEqual([1]);
    await expect(withTokenBalance(billing, tokenOf(2))).rejects.toBeInstanceOf(InternalError);
    call.mockClear();
    expect(await withTokenBalances(billing, [])).toEqual([]);
    expect(call).not.toHaveBeenCalled();
  });
});
