import { billingContract } from '@modelgate/contracts';
import type { UsageRecord } from '@modelgate/contracts/bus';
import { createGrpcClient, createLogger, type GrpcClient, QuotaExceededError } from '@modelgate/runtime';
import type { BackendDeps, RunningService } from '@modelgate/service-host';
import { type BackendHarness, startBackendForTest } from '@modelgate/testkit/backend';
import type { DataSource } from 'typeorm';
import { type Admission, createQuotaAdmitter } from './quota-admitter';

jest.setTimeout(60_000);

/**
 * The admitter against the real billing service over gRPC, on a real database: the guarantee
 * that matters — concurrent requests never together admit more than the balance covers — holds
 * only through billing's atomic reservations, so it is proven end to end. Billing is loaded
 * through jest's workspace mapping at run time: relay never depends on billing's code otherwise.
 */
const { startBillingService } = jest.requireActual<{ startBillingService: (deps: BackendDeps) => Promise<RunningService> }>(
  '@modelgate/billing',
);

const ESTIMATE = 100;
const INITIAL = 10 * ESTIMATE;

async function createUser(dataSource: DataSource, name: string): Promise<{ userId: number; tokenId: number }> {
  const [user] = (await dataSource.query(`INSERT INTO users (username, password, quota) VALUES ($1, 'x', $2) RETURNING id`, [
    name,
    INITIAL,
  ])) as Array<{ id: number }>;
  const [token] = (await dataSource.query(
    `INSERT INTO tokens (user_id, key, name, remain_quota, unlimited_quota) VALUES ($1, $2, $3, 0, true) RETURNING id`,
    [user!.id, `key-${name}`, `${name}-token`],
  )) as Array<{ id: number }>;
  return { userId: user!.id, tokenId: token!.id };
}

describe('quota admission against billing', () => {
  const logger = createLogger({ service: 'test', level: 'silent' });
  let harness: BackendHarness<RunningService>;
  let client: GrpcClient<typeof billingContract.definition>;

  beforeAll(async () => {
    harness = await startBackendForTest(startBillingService);
    client = createGrpcClient(billingContract.Client, harness.address, { logger, secret: harness.grpcSecret });
  });
  afterAll(async () => {
    client?.close();
    await harness?.stop();
  });

  const userQuota = async (userId: number) => {
    const [row] = (await harness.database.dataSource.query(`SELECT quota FROM users WHERE id = $1`, [userId])) as Array<{
      quota: string;
    }>;
    return Number(row!.quota);
  };
  const openReservations = async (userId: number) => {
    const [row] = (await harness.database.dataSource.query(
      `SELECT COALESCE(sum(amount), 0) AS sum FROM quota_reservations WHERE user_id = $1 AND status = 'reserved'`,
      [userId],
    )) as Array<{ sum: string }>;
    return Number(row!.sum);
  };

  /** 100 requests of the user at once; the admitted ones and whether every refusal is a 403. */
  async function admitHundred(
    admitter: ReturnType<typeof createQuotaAdmitter>,
    ids: { userId: number; tokenId: number },
    userQuotaHint: number,
  ): Promise<Array<{ requestId: string; admission: Admission }>> {
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, async (_, i) => {
        const requestId = `${ids.userId}-req-${i}`;
        const admission = await admitter.admit({
          requestId,
          userId: ids.userId,
          tokenId: ids.tokenId,
          tokenUnlimited: true,
          estimate: ESTIMATE,
          userQuotaHint,
          tokenRemainHint: 0,
        });
        return { requestId, admission };
      }),
    );
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(QuotaExceededError);
    }
    return results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
  }

  it('admits at most what the balance covers when 100 requests race on the per-request path', async () => {
    const ids = await createUser(harness.database.dataSource, 'race-exact');
    const admitter = createQuotaAdmitter({ billing: client, logger });
    try {
      // A stale, generous cached balance: the lease billing is asked for is refused, and every
      // request reserves exactly its estimate.
      const admitted = await admitHundred(admitter, ids, 1_000 * INITIAL);
      expect(admitted).toHaveLength(10);
      expect(admitted.every((a) => a.admission.leaseId === undefined && a.admission.reserved === ESTIMATE)).toBe(true);
      expect(await userQuota(ids.userId)).toBe(INITIAL - 10 * ESTIMATE);
      expect(await openReservations(ids.userId)).toBe(10 * ESTIMATE);
    } finally {
      await admitter.stop();
    }
  });

  it('admits at most what the balance covers from leases, and settles every admitted request exactly', async () => {
    const ids = await createUser(harness.database.dataSource, 'race-lease');
    const admitter = createQuotaAdmitter({ billing: client, logger });
    let admitted: Array<{ requestId: string; admission: Admission }>;
    try {
      admitted = await admitHundred(admitter, ids, INITIAL);
      expect(admitted.length).toBeGreaterThan(0);
      expect(admitted.length).toBeLessThanOrEqual(10);
      expect(admitted.some((a) => a.admission.leaseId !== undefined)).toBe(true);
      const held = await openReservations(ids.userId);
      expect(admitted.reduce((sum, a) => sum + a.admission.reserved, 0)).toBeLessThanOrEqual(held);
      expect(await userQuota(ids.userId)).toBe(INITIAL - held);
      expect(held).toBeLessThanOrEqual(INITIAL);

      // Each admitted request used 60 and publishes its usage record while its lease is open.
      for (const { requestId, admission } of admitted) {
        const record: UsageRecord = {
          requestId,
          userId: ids.userId,
          tokenId: ids.tokenId,
          channelId: 0,
          model: 'gpt-4o-mini',
          group: 'default',
          promptTokens: 10,
          completionTokens: 5,
          quota: 60,
          isStream: false,
          createdAt: 1_790_000_000,
          ...(admission.leaseId !== undefined && { leaseId: admission.leaseId, reserved: admission.reserved }),
        };
        await harness.bus.enqueue('modelgate.cmd.billing.usage.settle-batch', { batchId: record.requestId, records: [record] });
      }
      await waitFor(async () => {
        const [row] = (await harness.database.dataSource.query(`SELECT request_count FROM users WHERE id = $1`, [
          ids.userId,
        ])) as Array<{ request_count: string }>;
        return Number(row!.request_count) === admitted.length;
      });
    } finally {
      await admitter.stop();
    }
    expect(await openReservations(ids.userId)).toBe(0);
    expect(await userQuota(ids.userId)).toBe(INITIAL - 60 * admitted.length);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
