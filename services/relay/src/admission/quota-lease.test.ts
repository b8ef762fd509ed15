import { DEFAULT_LEASE_OPTIONS, leaseSize, QuotaLease, SpendMeter } from './quota-lease';

describe('leaseSize', () => {
  const sizing = { estimate: 10, ratePerMs: 0, userQuotaHint: 1_000_000, tokenRemainHint: 0, tokenLimited: false };

  it('takes 32 estimates, or the spend of the next 5 seconds when that is more', () => {
    expect(leaseSize(sizing, DEFAULT_LEASE_OPTIONS)).toBe(320);
    expect(leaseSize({ ...sizing, ratePerMs: 0.5 }, DEFAULT_LEASE_OPTIONS)).toBe(2_500);
  });

  it('takes at most a quarter of the cached balance of the user and of a limited token', () => {
    expect(leaseSize({ ...sizing, userQuotaHint: 1_000 }, DEFAULT_LEASE_OPTIONS)).toBe(250);
    expect(leaseSize({ ...sizing, tokenLimited: true, tokenRemainHint: 400 }, DEFAULT_LEASE_OPTIONS)).toBe(100);
    expect(leaseSize({ ...sizing, tokenLimited: false, tokenRemainHint: 400 }, DEFAULT_LEASE_OPTIONS)).toBe(320);
  });

  it('answers 0 (reserve per request) when the cap is below two estimates', () => {
    expect(leaseSize({ ...sizing, userQuotaHint: 80 }, DEFAULT_LEASE_OPTIONS)).toBe(20);
    expect(leaseSize({ ...sizing, userQuotaHint: 79 }, DEFAULT_LEASE_OPTIONS)).toBe(0);
    expect(leaseSize({ ...sizing, userQuotaHint: -5 }, DEFAULT_LEASE_OPTIONS)).toBe(0);
  });
});

describe('QuotaLease', () => {
  it('hands out what it holds until closed, and takes back refunds only while open', () => {
    const lease = new QuotaLease('lease:x', { userId: 1, tokenId: 2, tokenUnlimited: false }, 30, 0);
    expect(lease.take(20, 10, 60_000)).toBe(true);
    expect(lease.take(20, 10, 60_000)).toBe(false);
    lease.giveBack(20);
    expect(lease.remaining).toBe(30);
    expect(lease.take(10, 60_000, 60_000)).toBe(false);
    expect(lease.close()).toBe(true);
    expect(lease.close()).toBe(false);
    lease.giveBack(5);
    expect(lease.take(10, 20, 60_000)).toBe(false);
  });

  it('is idle after idleMs without an admission and old after maxAgeMs', () => {
    const lease = new QuotaLease('lease:y', { userId: 1, tokenId: 2, tokenUnlimited: false }, 100, 1_000);
    lease.take(10, 5_000, 60_000);
    expect(lease.isIdle(14_999, 10_000)).toBe(false);
    expect(lease.isIdle(15_000, 10_000)).toBe(true);
    expect(lease.isOld(60_999, 60_000)).toBe(false);
    expect(lease.isOld(61_000, 60_000)).toBe(true);
  });
});

describe('SpendMeter', () => {
  it('measures spend per millisecond over at least one second, restarting each time', () => {
    const meter = new SpendMeter(0);
    meter.record(300);
    expect(meter.takeRate(100)).toBe(0.3);
    meter.record(400);
    expect(meter.takeRate(2_100)).toBe(0.2);
    expect(meter.takeRate(3_100)).toBe(0);
  });
});
