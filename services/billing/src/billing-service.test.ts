import { billingContract } from '@modelgate/contracts';
import { createGrpcClient, createLogger, NotFoundError, PreconditionFailedError, ValidationError } from '@modelgate/runtime';
import { type BackendHarness, startBackendForTest } from '@modelgate/testkit/backend';
import type { RunningService } from '@modelgate/service-host';
import { startBillingService } from './billing-service';

jest.setTimeout(60_000);

describe('billing service: GetUserQuota', () => {
  let harness: BackendHarness<RunningService>;
  let client: ReturnType<typeof createGrpcClient<typeof billingContract.definition>>;

  beforeAll(async () => {
    harness = await startBackendForTest(startBillingService, { seed: true });
    client = createGrpcClient(billingContract.Client, harness.address, {
      logger: createLogger({ service: 'test', level: 'silent' }),
      secret: harness.grpcSecret,
    });
  });
  afterAll(async () => {
    client?.close();
    await harness?.stop();
  });

  it('returns the balance counters of a user', async () => {
    await harness.database.dataSource.query(
      `UPDATE users SET quota = 9007199254740000, used_quota = 42, request_count = 7 WHERE username = 'root'`,
    );
    expect(await client.call('GetUserQuota', { user_id: 1 })).toEqual({
      quota: '9007199254740000',
      used_quota: '42',
      request_count: '7',
    });
  });

  it('answers NOT_FOUND for an unknown user and INVALID_ARGUMENT for a bad id', async () => {
    await expect(client.call('GetUserQuota', { user_id: 999 })).rejects.toMatchObject({
      constructor: NotFoundError,
      code: 'user_not_found',
    });
    await expect(client.call('GetUserQuota', { user_id: 0 })).rejects.toBeInstanceOf(ValidationError);
  });

  const setBalances = (quota: number, affQuota = 0) =>
    harness.database.dataSource.query(`UPDATE users SET quota = $1, aff_quota = $2 WHERE id = 1`, [quota, affQuota]);
  const othersOf = async () =>
    ((await harness.database.dataSource.query(`SELECT other FROM logs WHERE user_id = 1 ORDER BY id`)) as Array<{ other: string }>).map(
      (row) => JSON.parse(row.other) as unknown,
    );
  const logsOf = () =>
    harness.database.dataSource.query(`SELECT type, content, quota FROM logs WHERE user_id = 1 ORDER BY id`);

  it('adjusts a balance with a log row, refusing to go negative unless allowed', async () => {
    await harness.database.dataSource.query(`DELETE FROM logs`);
    await setBalances(1_000);
    expect(await client.call('AdjustUserQuota', { user_id: 1, delta: 500, log_type: 3, log_content: 'admin added' })).toEqual({
      quota: '1500',
    });
    await expect(
      client.call('AdjustUserQuota', { user_id: 1, delta: -2_000, log_type: 3, log_content: 'too much' }),
    ).rejects.toMatchObject({ constructor: PreconditionFailedError, code: 'insufficient_quota' });
    expect(
      await client.call('AdjustUserQuota', { user_id: 1, delta: -2_000, log_type: 3, log_content: 'correction', allow_negative: true }),
    ).toEqual({ quota: '-500' });
    expect(await logsOf()).toEqual([
      { type: 3, content: 'admin added', quota: '500' },
      { type: 3, content: 'correction', quota: '2000' },
    ]);
    await expect(client.call('AdjustUserQuota', { user_id: 1, delta: 1, log_type: 2, log_content: 'x' })).rejects.toBeInstanceOf(
      ValidationError,
    );
  });

  it('never lets concurrent deductions spend more than the balance', async () => {
    await setBalances(100);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        client.call('AdjustUserQuota', { user_id: 1, delta: -10, log_type: 4, log_content: 'spend' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect((await client.call('GetUserQuota', { user_id: 1 })).quota).toBe('0');
  });

  it('records invitation rewards and moves them into the balance from one QuotaPerUnit up', async () => {
    await setBalances(0, 0);
    await harness.database.dataSource.query(`DELETE FROM logs`);
    await client.call('RewardInviter', { inviter_id: 1, amount: 600_000, log_content: '邀请用户赠送 ＄1.200000 额度' });
    expect(await logsOf()).toEqual([{ type: 4, content: '邀请用户赠送 ＄1.200000 额度', quota: '600000' }]);
    expect(await othersOf()).toEqual([{ system: { event: 'inviter_reward', quota: 600_000 } }]);
    const [row] = await harness.database.dataSource.query(
      `SELECT aff_count, aff_quota, aff_history_quota FROM users WHERE id = 1`,
    );
    expect(row).toMatchObject({ aff_quota: '600000', aff_history_quota: '600000' });
    await expect(client.call('TransferAffQuota', { user_id: 1, amount: 400_000 })).rejects.toMatchObject({
      code: 'transfer_below_minimum',
    });
    await expect(client.call('TransferAffQuota', { user_id: 1, amount: 700_000 })).rejects.toMatchObject({
      code: 'insufficient_aff_quota',
    });
    expect(await client.call('TransferAffQuota', { user_id: 1, amount: 500_000 })).toEqual({
      quota: '500000',
      aff_quota: '100000',
    });
    expect((await othersOf())[1]).toEqual({ system: { event: 'aff_transfer', quota: 500_000 } });
    await expect(client.call('RewardInviter', { inviter_id: 999, amount: 1 })).rejects.toBeInstanceOf(NotFoundError);
  });

  describe('GetUserBalances', () => {
    it('answers the money columns of known users with what open reservations hold', async () => {
      const db = harness.database.dataSource;
      await db.query(
        `UPDATE users SET quota = 9007199254740000, used_quota = 42, request_count = 7,
                aff_count = 2, aff_quota = 300, aff_history_quota = 900 WHERE id = 1`,
      );
      await db.query(
        `INSERT INTO quota_reservations (request_id, user_id, token_id, amount, token_unlimited, status, created_at)
         VALUES ('held-1', 1, 0, 250, true, 'reserved', 1), ('held-2', 1, 0, 50, true, 'reserved', 1),
                ('done-1', 1, 0, 1000, true, 'settled', 1)`,
      );
      const { balances } = await client.call('GetUserBalances', { user_ids: [1, 999, 1] });
      expect(balances).toEqual([
        {
          user_id: '1',
          quota: '9007199254740000',
          used_quota: '42',
          request_count: '7',
          aff_count: 2,
          aff_quota: '300',
          aff_history_quota: '900',
          held_quota: '300',
        },
      ]);
    });

    it('answers nothing for no ids and INVALID_ARGUMENT for a bad id or too many', async () => {
      expect(await client.call('GetUserBalances', { user_ids: [] })).toEqual({ balances: [] });
      await expect(client.call('GetUserBalances', { user_ids: [0] })).rejects.toBeInstanceOf(ValidationError);
      const tooMany = Array.from({ length: 1001 }, (_, index) => index + 1);
      await expect(client.call('GetUserBalances', { user_ids: tooMany })).rejects.toBeInstanceOf(ValidationError);
    });
  });

  describe('token balances', () => {
    let tokenId: string;
    beforeAll(async () => {
      const [row] = await harness.database.dataSource.query(
        `INSERT INTO tokens (user_id, key, name, remain_quota, used_quota) VALUES (1, 'wire-token-key', 'wire', 70, 30) RETURNING id`,
      );
      tokenId = String(row.id);
    });

    it('answers the balances of live tokens and sets a budget, announcing it on token.changed', async () => {
      expect(await client.call('GetTokenBalances', { token_ids: [tokenId, 999_999] })).toEqual({
        balances: [{ token_id: tokenId, remain_quota: '70', used_quota: '30' }],
      });
      let announced: (payload: unknown) => void = () => undefined;
      const event = new Promise((resolve) => (announced = resolve));
      const subscription = await harness.bus.subscribe('modelgate.evt.identity.token.changed', (message) => announced(message.payload));
      try {
        expect(await client.call('SetTokenBudget', { token_ids: [tokenId], remain_quota: 500 })).toEqual({
          balances: [{ token_id: tokenId, remain_quota: '500', used_quota: '30' }],
          changed_token_ids: [tokenId],
        });
        expect(await event).toEqual({ tokenIds: [Number(tokenId)], userId: 1, reason: 'updated' });
      } finally {
        await subscription.unsubscribe();
      }
    });

    it('refuses bad ids, too many, a negative budget, an unknown reason and an unknown token', async () => {
      await expect(client.call('GetTokenBalances', { token_ids: [0] })).rejects.toBeInstanceOf(ValidationError);
      const tooMany = Array.from({ length: 1001 }, (_, index) => index + 1);
      await expect(client.call('GetTokenBalances', { token_ids: tooMany })).rejects.toBeInstanceOf(ValidationError);
      await expect(client.call('SetTokenBudget', { token_ids: [], remain_quota: 1 })).rejects.toBeInstanceOf(ValidationError);
      await expect(client.call('SetTokenBudget', { token_ids: tooMany.slice(0, 101), remain_quota: 1 })).rejects.toBeInstanceOf(
        ValidationError,
      );
      await expect(client.call('SetTokenBudget', { token_ids: [tokenId], remain_quota: -1 })).rejects.toBeInstanceOf(ValidationError);
      await expect(client.call('SetTokenBudget', { token_ids: [tokenId], remain_quota: 1, reason: 'deleted' })).rejects.toBeInstanceOf(
        ValidationError,
      );
      await expect(client.call('SetTokenBudget', { token_ids: [999_999], remain_quota: 1 })).rejects.toMatchObject({
        constructor: NotFoundError,
        code: 'token_not_found',
      });
      expect((await client.call('GetTokenBalances', { token_ids: [tokenId] })).balances[0]?.remain_quota).toBe('500');
    });
  });
});
