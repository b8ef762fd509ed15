import { billingContract } from '@modelgate/contracts';
import { createGrpcClient, createLogger, NotFoundError, ValidationError } from '@modelgate/runtime';
import { type BackendHarness, startBackendForTest } from '@modelgate/service-host/testing';
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
});
