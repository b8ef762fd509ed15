import type { BillingServiceDefinition } from '@modelgate/contracts';
import type { AdminUserJson } from '@modelgate/contracts/api';
import type { GrpcClient } from '@modelgate/runtime';
import { withAdminBalance, withAdminBalances } from './balances';

const userJson = (id: number) => ({ id, username: `u${id}`, quota: 0, used_quota: 0, request_count: 0 }) as unknown as AdminUserJson;
const balanceOf = (id: number) => ({
  user_id: String(id), quota: String(id * 100), used_quota: '5', request_count: '1', aff_count: 0,
  aff_quota: '0', aff_history_quota: '0', held_quota: '7',
});

function billingWith(ids: number[]) {
  const call = jest.fn(async () => ({ balances: ids.map(balanceOf) }));
  return { billing: { call } as unknown as GrpcClient<BillingServiceDefinition>, call };
}

describe('admin views with balances', () => {
  it('asks billing once for a whole page and shows the stored balance, without held quota', async () => {
    const { billing, call } = billingWith([2, 1]);
    const users = await withAdminBalances(billing, [userJson(1), userJson(2)]);
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledWith('GetUserBalances', { user_ids: [1, 2] });
    expect(users.map((user) => [user.id, user.quota, user.used_quota])).toEqual([[1, 100, 5], [2, 200, 5]]);
  });

  it('does not ask billing for an empty page or an absent user', async () => {
    const { billing, call } = billingWith([]);
    expect(await withAdminBalances(billing, [])).toEqual([]);
    expect(await withAdminBalance(billing, null)).toBeNull();
    expect(call).not.toHaveBeenCalled();
  });
});
