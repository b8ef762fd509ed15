import { stat } from 'node:fs/promises';
import { createLogger } from '@modelgate/runtime';
import { type CountVerdict, SharedWindowLimiter } from './shared-window-limiter';
import type { WindowGrant, WindowStore } from './window-store';

/**
 * The {@link WindowStore} contract in memory, for unit tests: the same grant rule as the
 * PostgreSQL statement, with each take answered after `delayMs` (as a round trip would be).
 */
class MemoryWindowStore implements WindowStore {
  readonly rows = new Map<string, number>();
  takes = 0;
  failing = false;
  /** Answer after one file-system call instead of a timer: I/O read in the event loop's poll phase. */
  answerByIo = false;

  constructor(public delayMs = 0) {}

  /** Units taken in one window by every replica. */
  total(bucket: string): number {
    return [...this.rows].filter(([key]) => key.startsWith(`${bucket}@`)).reduce((sum, [, units]) => sum + units, 0);
  }

  async take(bucket: string, windowStart: number, _windowMs: number, limit: number, want: number, owed: number): Promise<WindowGrant> {
    this.takes++;
    if (this.answerByIo) await stat(__filename);
    else await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.failing) throw new Error('store down');
    const key = `${bucket}@${windowStart}`;
    const old = this.rows.get(key) ?? 0;
    const next = Math.max(old + owed, Math.min(limit, old + Math.max(want, owed)));
    this.rows.set(key, next);
    return { granted: next - old, taken: next };
  }
}

const logger = createLogger({ service: 'limits-test', level: 'silent' });
const MINUTE = 60_000;

/** Takes one unit, waiting for leases as the pipeline does; true when admitted. */
async function admit(limiter: SharedWindowLimiter, bucket: string, limit: number): Promise<boolean> {
  for (;;) {
    const verdict: CountVerdict = limiter.take(bucket, limit, MINUTE);
    if (verdict.kind === 'admitted') return true;
    if (verdict.kind === 'refused') return false;
    await verdict.ready;
  }
}

describe('SharedWindowLimiter', () => {
  let clock: number;
  const now = () => clock;
  const limiters: SharedWindowLimiter[] = [];
  const make = (store: MemoryWindowStore, allowance?: number, takeTimeoutMs?: number) => {
    const limiter = new SharedWindowLimiter({ store, logger, now, allowance, takeTimeoutMs });
    limiters.push(limiter);
    return limiter;
  };

  beforeEach(() => {
    clock = 10 * MINUTE + 5_000;
  });
  afterEach(async () => {
    await Promise.all(limiters.splice(0).map((limiter) => limiter.stop()));
    jest.restoreAllMocks();
  });

  it('admits the first request of a window from memory, before the store answers', () => {
    const store = new MemoryWindowStore(50);
    const limiter = make(store);
    expect(limiter.take('user-total:1', 10, MINUTE).kind).toBe('admitted');
    // The lease is being taken in the background: the next request waits for it.
    expect(limiter.take('user-total:1', 10, MINUTE).kind).toBe('wait');
    expect(store.takes).toBe(1);
  });

  it('admits no more than limit + replicas × allowance when replicas race for one window', async () => {
    const store = new MemoryWindowStore(2);
    const replicas = [make(store), make(store), make(store)];
    const results = await Promise.all(Array.from({ length: 300 }, (_, i) => admit(replicas[i % 3]!, 'user-total:7', 50)));
    const admitted = results.filter(Boolean).length;
    expect(admitted).toBeGreaterThanOrEqual(50 - 3 * Math.ceil(50 / 20));
    expect(admitted).toBeLessThanOrEqual(50 + 3);
    // Leases, not one store round trip per request.
    expect(store.takes).toBeLessThan(100);
  });

  it('refuses with the seconds left in the window, and admits again when the window rolls over', async () => {
    const limiter = make(new MemoryWindowStore());
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await admit(limiter, 'user-total:2', 2));
    expect(results).toEqual([true, true, false, false]);
    const refused = limiter.take('user-total:2', 2, MINUTE);
    expect(refused).toEqual({ kind: 'refused', retryAfterSeconds: 55 });
    clock += 55_000;
    expect(await admit(limiter, 'user-total:2', 2)).toBe(true);
  });

  it('lets a request that failed hand its unit back', async () => {
    const limiter = make(new MemoryWindowStore());
    const first = limiter.take('user-success:3', 1, MINUTE);
    expect(first.kind).toBe('admitted');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await admit(limiter, 'user-success:3', 1)).toBe(false);
    if (first.kind === 'admitted') limiter.giveBack(first.ticket);
    expect(await admit(limiter, 'user-success:3', 1)).toBe(true);
  });

  it('enforces the limit on one replica alone while the store fails', async () => {
    const store = new MemoryWindowStore();
    store.failing = true;
    const limiter = make(store);
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await admit(limiter, 'user-total:4', 3));
    expect(results).toEqual([true, true, true, false, false]);
  });

  it('admits alone only what other replicas had left of the limit when the store starts failing', async () => {
    const store = new MemoryWindowStore();
    const [a, b] = [make(store), make(store)];
    for (let i = 0; i < 40; i++) expect(await admit(b, 'user-total:8', 50)).toBe(true);
    expect(await admit(a, 'user-total:8', 50)).toBe(true);
    // A's first lease answers (with the shared total), then the store fails.
    await new Promise((resolve) => setTimeout(resolve, 5));
    store.failing = true;
    let alone = 1;
    while (await admit(a, 'user-total:8', 50)) alone++;
    // B took at least its 40 before A last read the shared total: A is left at most 10.
    expect(alone).toBeGreaterThan(1);
    expect(alone).toBeLessThanOrEqual(10);
  });

  it('applies a take that answers after its timeout, writes what it admitted alone, and shares the window again', async () => {
    const store = new MemoryWindowStore(80);
    const warn = jest.spyOn(logger, 'warn');
    const [a, b] = [make(store, 1, 20), make(store, 1, 20)];
    const admitted = await Promise.all(Array.from({ length: 6 }, () => admit(a, 'user-total:9', 10)));
    // The take timed out: A admitted on its own meanwhile.
    expect(admitted).toEqual([true, true, true, true, true, true]);
    expect(warn).toHaveBeenCalledWith(expect.anything(), expect.stringContaining('enforcing the limit on this replica alone'));
    // The late answer is applied and what A admitted alone is written, so B sees it.
    store.delayMs = 0;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(store.total('user-total:9')).toBeGreaterThanOrEqual(6);
    let more = 0;
    while ((await admit(b, 'user-total:9', 10)) && more < 20) more++;
    expect(more).toBeLessThanOrEqual(10 - 6 + 1);
    // And A takes leases from the store again instead of admitting alone.
    const takes = store.takes;
    while (await admit(a, 'user-total:9', 10));
    expect(store.takes).toBeGreaterThan(takes);
  });

  it('does not count a take as timed out when its answer was waiting behind a busy event loop', async () => {
    const store = new MemoryWindowStore();
    store.answerByIo = true;
    const warn = jest.spyOn(logger, 'warn');
    const limiter = make(store, 1, 20);
    expect(limiter.take('user-total:10', 100, MINUTE).kind).toBe('admitted');
    // The process is busy past the timeout; the store's answer arrives meanwhile.
    const busyUntil = Date.now() + 60;
    while (Date.now() < busyUntil);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(warn).not.toHaveBeenCalled();
    expect(store.total('user-total:10')).toBeGreaterThan(1);
  });

  it('counts tokens after the fact and shares the total between replicas at each sync', async () => {
    const store = new MemoryWindowStore();
    const [a, b] = [make(store), make(store)];
    expect(a.overLimit('token-tpm:5', 1000, MINUTE)).toBeUndefined();
    a.add('token-tpm:5', 1000, MINUTE, 600);
    b.add('token-tpm:5', 1000, MINUTE, 500);
    // Each knows its own additions at once...
    expect(a.overLimit('token-tpm:5', 1000, MINUTE)).toBeUndefined();
    await Promise.all([a.sync(), b.sync()]);
    // ...and the other's after the next sync of a window requests asked about.
    expect(a.overLimit('token-tpm:5', 1000, MINUTE)).toBeUndefined();
    await Promise.all([a.sync(), b.sync()]);
    expect(a.overLimit('token-tpm:5', 1000, MINUTE)).toBe(55);
    expect(b.overLimit('token-tpm:5', 1000, MINUTE)).toBe(55);
    clock += MINUTE;
    expect(a.overLimit('token-tpm:5', 1000, MINUTE)).toBeUndefined();
  });
});
