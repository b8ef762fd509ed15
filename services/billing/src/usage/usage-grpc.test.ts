import { billingContract } from '@modelgate/contracts';
import { createGrpcClient, createLogger, QuotaExceededError, ValidationError } from '@modelgate/runtime';
import type { RunningService } from '@modelgate/service-host';
import { type BackendHarness, startBackendForTest } from '@modelgate/testkit/backend';
import { startBillingService } from '../billing-service';
import { createAccount, readBalances, usageRecord, waitFor } from './test-fixtures.test-support';

jest.setTimeout(60_000);

describe('billing service: ReserveQuota, ReleaseQuota and settlement from the bus', () => {
  let harness: BackendHarness<RunningService>;
  let client: ReturnType<typeof createGrpcClient<typeof billingContract.definition>>;

  beforeAll(async () => {
    harness = await startBackendForTest(startBillingService);
    client = createGrpcClient(billingContract.Client, harness.address, {
      logger: createLogger({ service: 'test', level: 'silent' }),
      secret: harness.grpcSecret,
    });
  });
  afterAll(async () => {
    client?.close();
    await harness?.stop();
  });

  it('reserves, refuses with the quota error and its code, and releases once', async () => {
    const ids = await createAccount(harness.database.dataSource, { name: 'grpc', quota: 100, tokenRemain: 1_000 });
    const request = { request_id: 'grpc-1', user_id: ids.userId, token_id: ids.tokenId, amount: 60, token_unlimited: false };
    expect(await client.call('ReserveQuota', request)).toEqual({ amount: '60', replayed: false, status: 'reserved' });
    expect(await client.call('ReserveQuota', request)).toEqual({ amount: '60', replayed: true, status: 'reserved' });
    await expect(client.call('ReserveQuota', { ...request, request_id: 'grpc-2' })).rejects.toMatchObject({
      constructor: QuotaExceededError,
      code: 'insufficient_user_quota',
      message: 'chat pre-consumed quota failed, user quota: 40, need quota: 60',
    });
    await expect(client.call('ReserveQuota', { ...request, request_id: '' })).rejects.toBeInstanceOf(ValidationError);
    await expect(client.call('ReserveQuota', { ...request, request_id: 'x', amount: -1 })).rejects.toBeInstanceOf(ValidationError);
    expect(await client.call('ReleaseQuota', { request_id: 'grpc-1' })).toEqual({ released: true, amount: '60' });
    expect(await client.call('ReleaseQuota', { request_id: 'grpc-1' })).toEqual({ released: false, amount: '0' });
    expect(await readBalances(harness.database.dataSource, ids)).toMatchObject({ userQuota: 100, tokenRemain: 1_000 });
  });

  it('settles a usage record enqueued on the bus against its reservation', async () => {
    const ids = await createAccount(harness.database.dataSource, { name: 'grpc-settle', quota: 1_000, tokenRemain: 1_000 });
    await client.call('ReserveQuota', {
      request_id: 'grpc-settle-1',
      user_id: ids.userId,
      token_id: ids.tokenId,
      amount: 200,
      token_unlimited: false,
    });
    await harness.bus.enqueue('modelgate.cmd.billing.usage.settle-batch', {
      batchId: 'grpc-settle-1',
      records: [usageRecord('grpc-settle-1', ids, 150)],
    });
    await waitFor(async () => (await readBalances(harness.database.dataSource, ids)).requestCount === 1);
    expect(await readBalances(harness.database.dataSource, ids)).toEqual({
      userQuota: 850,
      userUsed: 150,
      requestCount: 1,
      tokenRemain: 850,
      tokenUsed: 150,
      channelUsed: 150,
    });
  });
});
