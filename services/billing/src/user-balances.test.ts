import { billingContract } from '@modelgate/contracts';
import { createGrpcClient, createLogger, ValidationError } from '@modelgate/runtime';
import { type BackendHarness, startBackendForTest } from '@modelgate/testkit/backend';
import type { RunningService } from '@modelgate/service-host';
import { startBillingService } from './billing-service';

jest.setTimeout(60_000);

describe('billing service: GetUserBalances', () => {
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
