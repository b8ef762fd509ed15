import { ConflictError, createLogger, QuotaExceededError, UnavailableError } from '@modelgate/runtime';
import { FakeBilling } from '@modelgate/testkit/fake-billing';
import { type AdmissionRequest, createQuotaAdmitter, type QuotaAdmitter } from './quota-admitter';
import type { LeaseOptions } from './quota-lease';

const logger = createLogger({ service: 'test', level: 'silent' });

let sequence = 0;
/** A request of user 1 / token 7 with generous cached balances. */
function request(overrides: Partial<AdmissionRequest> = {}): AdmissionRequest {
  sequence += 1;
  return {
    requestId: `req-${sequence}`,
    userId: 1,
    tokenId: 7,
    tokenUnlimited: false,
    estimate: 10,
    userQuotaHint: 100_000,
    tokenRemainHint: 100_000,
    ...overrides,
  };
}

describe('createQuotaAdmitter', () => {
  let billing: FakeBilling;
  let admitter: QuotaAdmitter;
  const start = (quota: number, leaseOptions: Partial<LeaseOptions> = {}) => {
    billing = new FakeBilling(quota);
    admitter = createQuotaAdmitter({ billing: billing.client, logger, now: () => Date.now(), leaseOptions });
  };

  beforeEach(() => {
    jest.useFakeTimers({ now: 1_790_000_000_000 });
  });
  afterEach(async () => {
    await admitter?.stop();
    jest.useRealTimers();
  });

  it('takes one lease for many concurrent admissions of a pair, then admits locally', async () => {
    start(100_000);
    const admissions = await Promise.all(Array.from({ length: 20 }, () => admitter.admit(request())));
    expect(billing.callsOf('ReserveQuota')).toEqual([
      { method: 'ReserveQuota', id: expect.stringMatching(/^lease:/), amount: 320 },
    ]);
    const leaseId = billing.calls[0]!.id;
    expect(admissions).toEqual(Array.from({ length: 20 }, () => ({ reserved: 10, leaseId })));

    await Promise.all(Array.from({ length: 12 }, () => admitter.admit(request())));
    expect(billing.calls).toHaveLength(1);
    expect(billing.userQuota).toBe(100_000 - 320);
  });

  it('sizes the next lease to cover a burst waiting for it, so a thousand streams arriving at once all admit from leases', async () => {
    start(10_000_000);
    const hints = { userQuotaHint: 10_000_000, tokenRemainHint: 10_000_000 };
    const admissions = await Promise.all(Array.from({ length: 1_000 }, () => admitter.admit(request(hints))));
    expect(admissions.every((a) => a.leaseId?.startsWith('lease:'))).toBe(true);
    const reserves = billing.callsOf('ReserveQuota');
    // The first lease is the usual 32 estimates; the second, asked for by the 33rd, covers it and the 967 still waiting.
    expect(reserves.map((call) => call.amount)).toEqual([320, (967 + 32) * 10]);
  });

  it('releases a replaced lease at once, giving back only what it never handed out', async () => {
    start(100_000);
    // Estimate 100 → a lease of 3 200; after 31 admissions 100 is left, too little for 150.
    const first = await Promise.all(Array.from({ length: 31 }, () => admitter.admit(request({ estimate: 100 }))));
    const next = await admitter.admit(request({ estimate: 150 }));
    expect(next.leaseId).not.toBe(first[0]!.leaseId);
    // The 3 100 handed out stays reserved for the records of those requests to draw.
    await Promise.resolve();
    expect(billing.callsOf('ReleaseQuota')).toEqual([{ method: 'ReleaseQuota', id: first[0]!.leaseId, amount: 100 }]);
    expect(billing.rows.get(first[0]!.leaseId!)).toEqual({ amount: 3_100, status: 'reserved' });
  });

  it('refunds a failed request of an already released lease from what the lease kept for it', async () => {
    start(100_000);
    const admission = await admitter.admit(request({ estimate: 100 }));
    await admitter.releaseLeasesOf(1);
    expect(billing.rows.get(admission.leaseId!)).toEqual({ amount: 100, status: 'reserved' });
    await admitter.refund('failed', admission);
    expect(billing.rows.get(admission.leaseId!)).toEqual({ amount: 100, status: 'released' });
    expect(billing.userQuota).toBe(100_000);
  });

  it('hands back what a lease still holds when billing refuses the next one, before reserving exactly', async () => {
    start(300);
    const hints = { estimate: 100, userQuotaHint: 1_000, tokenRemainHint: 1_000 };
    // A quarter of the cached 1 000 → a lease of 250: two requests, 50 left over.
    const a = await admitter.admit(request(hints));
    await admitter.admit(request(hints));
    const c = await admitter.admit(request(hints));
    expect(c).toEqual({ reserved: 100 });
    expect(billing.calls.map((call) => [call.method, call.id.startsWith('lease:') ? 'lease' : call.id, call.amount])).toEqual([
      ['ReserveQuota', 'lease', 250],
      ['ReserveQuota', 'lease', 250],
      ['ReleaseQuota', 'lease', 50],
      ['ReserveQuota', `req-${sequence}`, 100],
    ]);
    expect(billing.calls[2]!.id).toBe(a.leaseId);
  });

  it('keeps one lease per user and token pair', async () => {
    start(100_000);
    const a = await admitter.admit(request({ tokenId: 7 }));
    const b = await admitter.admit(request({ tokenId: 8 }));
    const playground = await admitter.admit(request({ tokenId: 0, tokenRemainHint: 0 }));
    expect(new Set([a.leaseId, b.leaseId, playground.leaseId]).size).toBe(3);
    expect(billing.callsOf('ReserveQuota')).toHaveLength(3);
  });

  it('sizes the next lease from the recent spend', async () => {
    start(10_000_000);
    // 32 × 10 = 320 units spent within one second → 320 per second → 1 600 for the next 5 seconds.
    for (let i = 0; i < 33; i++) await admitter.admit(request({ userQuotaHint: 10_000_000, tokenRemainHint: 10_000_000 }));
    expect(billing.callsOf('ReserveQuota').map((c) => c.amount)).toEqual([320, 1_600]);
  });

  it('caps a lease at a quarter of the cached token or user balance', async () => {
    start(10_000_000);
    await admitter.admit(request({ tokenRemainHint: 800 }));
    await admitter.admit(request({ userId: 2, tokenUnlimited: true, userQuotaHint: 1_000, tokenRemainHint: 0 }));
    expect(billing.callsOf('ReserveQuota').map((c) => c.amount)).toEqual([200, 250]);
  });

  it('reserves exactly the estimate when the cached balance is too small for a lease', async () => {
    start(1_000);
    const admission = await admitter.admit(request({ requestId: 'small-1', userQuotaHint: 70 }));
    expect(admission).toEqual({ reserved: 10 });
    expect(billing.calls).toEqual([{ method: 'ReserveQuota', id: 'small-1', amount: 10 }]);
  });

  it('falls back to per-request reservations when billing refuses the lease, for a while', async () => {
    start(35);
    const admissions = await Promise.allSettled(Array.from({ length: 5 }, () => admitter.admit(request())));
    expect(admissions.filter((a) => a.status === 'fulfilled').map((a) => a.value)).toEqual([
      { reserved: 10 },
      { reserved: 10 },
      { reserved: 10 },
    ]);
    const refused = admissions.filter((a) => a.status === 'rejected').map((a) => a.reason as unknown);
    expect(refused).toHaveLength(2);
    expect(refused[0]).toBeInstanceOf(QuotaExceededError);
    expect(refused[0]).toMatchObject({
      code: 'insufficient_user_quota',
      message: 'chat pre-consumed quota failed, user quota: 5, need quota: 10',
    });
    expect(billing.callsOf('ReserveQuota').filter((c) => c.id.startsWith('lease:'))).toHaveLength(1);

    billing.userQuota = 1_000;
    await admitter.admit(request());
    expect(billing.callsOf('ReserveQuota').filter((c) => c.id.startsWith('lease:'))).toHaveLength(1);
    jest.setSystemTime(Date.now() + 1_000);
    expect(await admitter.admit(request())).toMatchObject({ leaseId: expect.stringMatching(/^lease:/) });
  });

  it("applies the reference's pre-checks to the cached balances without calling billing", async () => {
    start(100_000);
    await expect(admitter.admit(request({ userQuotaHint: 0 }))).rejects.toMatchObject({
      constructor: QuotaExceededError,
      code: 'insufficient_user_quota',
      message: 'user quota is not enough',
    });
    await expect(admitter.admit(request({ userQuotaHint: 9 }))).rejects.toMatchObject({
      code: 'insufficient_user_quota',
      message: 'chat pre-consumed quota failed, user quota: 9, need quota: 10',
    });
    await expect(admitter.admit(request({ tokenRemainHint: 4 }))).rejects.toMatchObject({
      code: 'pre_consume_token_quota_failed',
      message: 'token quota is not enough, token remain quota: 4, need quota: 10',
    });
    await expect(admitter.admit(request({ estimate: 0, userQuotaHint: 0 }))).rejects.toMatchObject({
      message: 'user quota is not enough',
    });
    expect(await admitter.admit(request({ estimate: 0, tokenRemainHint: 0 }))).toEqual({ reserved: 0 });
    expect(await admitter.admit(request({ tokenUnlimited: true, tokenRemainHint: 0 }))).toMatchObject({ reserved: 10 });
    expect(billing.callsOf('ReserveQuota')).toHaveLength(1);
  });

  it('gives a failed request back to its lease in memory, or releases its own reservation', async () => {
    start(100_000);
    const fromLease = await admitter.admit(request());
    await admitter.refund('ignored', fromLease);
    // The lease holds all 320 again: 32 more admissions fit without a second lease.
    for (let i = 0; i < 32; i++) await admitter.admit(request());
    expect(billing.callsOf('ReserveQuota')).toHaveLength(1);

    const own = await admitter.admit(request({ requestId: 'own-1', userId: 2, userQuotaHint: 50 }));
    await admitter.refund('own-1', own);
    expect(billing.callsOf('ReleaseQuota')).toEqual([{ method: 'ReleaseQuota', id: 'own-1' }]);
    await admitter.refund('zero', { reserved: 0 });
    expect(billing.callsOf('ReleaseQuota')).toHaveLength(1);

    billing.failure = new UnavailableError('down');
    await expect(admitter.refund('own-2', { reserved: 10 })).resolves.toBeUndefined();
  });

  it('releases a lease once idle, keeping the estimates it handed out; a late refund gives one back', async () => {
    start(100_000);
    const admission = await admitter.admit(request());
    await jest.advanceTimersByTimeAsync(9_000);
    expect(billing.callsOf('ReleaseQuota')).toEqual([]);
    await jest.advanceTimersByTimeAsync(1_500);
    expect(billing.callsOf('ReleaseQuota')).toEqual([{ method: 'ReleaseQuota', id: admission.leaseId, amount: 310 }]);
    // The 10 handed out waits in the lease for its record.
    expect(billing.userQuota).toBe(100_000 - 10);

    await admitter.refund('late', admission);
    expect(billing.callsOf('ReleaseQuota')).toEqual([
      { method: 'ReleaseQuota', id: admission.leaseId, amount: 310 },
      { method: 'ReleaseQuota', id: admission.leaseId, amount: 10 },
    ]);
    expect(billing.userQuota).toBe(100_000);
    await admitter.admit(request());
    expect(billing.callsOf('ReserveQuota')).toHaveLength(2);
  });

  it('releases many leases gone idle together over several turns of the event loop, every one of them', async () => {
    start(10_000_000);
    const admissions = await Promise.all(Array.from({ length: 40 }, (_, i) => admitter.admit(request({ tokenId: 100 + i }))));
    // Up to the check that finds all 40 idle: nothing released yet.
    await jest.advanceTimersByTimeAsync(9_999);
    expect(billing.callsOf('ReleaseQuota')).toEqual([]);
    jest.advanceTimersToNextTimer(); // the check: it retires all 40
    jest.advanceTimersToNextTimer(); // the next turn releases the first few
    const firstTurn = billing.callsOf('ReleaseQuota').length;
    expect(firstTurn).toBeGreaterThan(0);
    expect(firstTurn).toBeLessThan(40);
    await jest.advanceTimersByTimeAsync(10);
    expect(new Set(billing.callsOf('ReleaseQuota').map((call) => call.id))).toEqual(new Set(admissions.map((a) => a.leaseId)));
    expect(billing.userQuota).toBe(10_000_000 - 40 * 10);
  });

  it('stops admitting from a lease past its maximum age and releases its unspent rest at once', async () => {
    start(100_000, { maxAgeMs: 5_000, idleMs: 3_000 });
    const admissions = [await admitter.admit(request())];
    for (let second = 1; second <= 5; second++) {
      await jest.advanceTimersByTimeAsync(1_000);
      admissions.push(await admitter.admit(request()));
    }
    const firstLease = admissions[0]!.leaseId;
    const fromFirst = admissions.filter((a) => a.leaseId === firstLease).length;
    expect(fromFirst).toBeLessThan(admissions.length);
    await jest.advanceTimersByTimeAsync(1); // the check that retired it releases it on the loop's next turn
    expect(billing.callsOf('ReleaseQuota')).toEqual([{ method: 'ReleaseQuota', id: firstLease, amount: 320 - 10 * fromFirst }]);
  });

  it('answers 503 billing_unavailable when billing cannot be reached, and releases the unanswered call', async () => {
    start(100_000);
    billing.failure = new UnavailableError('connect ECONNREFUSED');
    const results = await Promise.allSettled([admitter.admit(request()), admitter.admit(request())]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason as UnavailableError;
      expect(reason).toBeInstanceOf(UnavailableError);
      expect(reason).toMatchObject({
        code: 'billing_unavailable',
        httpStatus: 503,
        message: 'billing is unavailable; the request was not admitted',
      });
    }
    expect(billing.callsOf('ReserveQuota')).toHaveLength(1);
    const leaseId = billing.callsOf('ReserveQuota')[0]!.id;
    expect(billing.callsOf('ReleaseQuota')).toEqual([{ method: 'ReleaseQuota', id: leaseId }]);

    await expect(admitter.admit(request({ userQuotaHint: 50 }))).rejects.toMatchObject({ code: 'billing_unavailable' });
  });

  it('refuses a request id that already has a reservation', async () => {
    start(100_000);
    await admitter.admit(request({ requestId: 'dup', userQuotaHint: 50 }));
    await expect(admitter.admit(request({ requestId: 'dup', userQuotaHint: 50 }))).rejects.toBeInstanceOf(ConflictError);
  });

  it('releases the leases of a changed user, and every lease on stop', async () => {
    start(100_000);
    await admitter.admit(request({ userId: 1, tokenId: 7 }));
    await admitter.admit(request({ userId: 1, tokenId: 8 }));
    await admitter.admit(request({ userId: 2, tokenId: 9 }));
    await admitter.releaseLeasesOf(1, [8]);
    expect(billing.callsOf('ReleaseQuota')).toHaveLength(1);
    await admitter.releaseLeasesOf(1);
    expect(billing.callsOf('ReleaseQuota')).toHaveLength(2);
    await admitter.stop();
    expect(billing.callsOf('ReleaseQuota')).toHaveLength(3);
    // What was handed out stays reserved for the three records to draw.
    expect(billing.held).toBe(30);
    expect(billing.userQuota).toBe(100_000 - 30);
    await expect(admitter.admit(request())).rejects.toBeInstanceOf(UnavailableError);
  });

  it('releases a lease whose reservation completes while stopping', async () => {
    start(100_000);
    let open!: () => void;
    billing.gate = new Promise((resolve) => (open = resolve));
    const admission = admitter.admit(request());
    await Promise.resolve();
    const stopped = admitter.stop();
    open();
    await expect(admission).rejects.toBeInstanceOf(UnavailableError);
    await stopped;
    expect(billing.held).toBe(0);
  });
});
