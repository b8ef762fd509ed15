import { createLogger } from '@modelgate/runtime';
import { ChannelGate } from './channel-gate';
import { TrafficLimitError } from './limit-errors';
import { SharedWindowLimiter } from './shared-window-limiter';
import type { WindowStore } from './window-store';

/** A store that grants whatever the limit allows, at once (one replica). */
function storeOf(): WindowStore {
  const rows = new Map<string, number>();
  return {
    async take(bucket, start, _windowMs, limit, want, owed) {
      const key = `${bucket}@${start}`;
      const old = rows.get(key) ?? 0;
      const next = Math.max(old + owed, Math.min(limit, old + Math.max(want, owed)));
      rows.set(key, next);
      return { granted: next - old, taken: next };
    },
  };
}

const MINUTE_MS = 60_000;
const logger = createLogger({ service: 'gate-test', level: 'silent' });
const channel = (caps: { max_rpm?: number; max_tpm?: number; max_concurrency?: number }) => ({
  id: 9,
  max_rpm: 0,
  max_tpm: 0,
  max_concurrency: 0,
  ...caps,
});

describe('ChannelGate', () => {
  let limiter: SharedWindowLimiter;
  let queue = { timeoutMs: 1_000, maxWaiting: 1 };
  let gate: ChannelGate;

  beforeEach(() => {
    limiter = new SharedWindowLimiter({ store: storeOf(), logger });
    queue = { timeoutMs: 1_000, maxWaiting: 1 };
    gate = new ChannelGate({ limiter, queue: () => queue });
  });
  afterEach(() => limiter.stop());

  it('lets an uncapped channel through without counting anything', async () => {
    const permit = await gate.acquire(channel({}), { userId: 1, model: 'm' });
    expect(permit.queueWaitMs).toBe(0);
    expect(gate.load(9)).toEqual({ active: 0, queued: 0 });
  });

  it('refuses past its requests per minute with 429 and the seconds left in the minute', async () => {
    queue.timeoutMs = 0;
    const capped = channel({ max_rpm: 2 });
    await gate.acquire(capped, { userId: 1, model: 'm' });
    await gate.acquire(capped, { userId: 1, model: 'm' });
    expect(gate.hasRoom(capped)).toBe(false);
    const refusal = await gate.acquire(capped, { userId: 1, model: 'm' }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(TrafficLimitError);
    expect(refusal).toMatchObject({ httpStatus: 429, limit: 'channel_caps' });
    expect((refusal as TrafficLimitError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((refusal as TrafficLimitError).retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('holds a slot until released, queues the next, and refuses beyond the queue', async () => {
    const capped = channel({ max_concurrency: 1 });
    const first = await gate.acquire(capped, { userId: 1, model: 'm' });
    expect(gate.hasRoom(capped)).toBe(false);
    const second = gate.acquire(capped, { userId: 2, model: 'm' });
    const third = await gate.acquire(capped, { userId: 3, model: 'm' }).catch((e: unknown) => e);
    expect(third).toMatchObject({ httpStatus: 429, retryAfterSeconds: 1 });
    expect((third as Error).message).toContain('queue is full');
    expect(gate.load(9)).toEqual({ active: 1, queued: 1 });
    first.release(10);
    const granted = await second;
    expect(granted.queueDepth).toBe(0);
    granted.release(10);
    expect(gate.load(9)).toEqual({ active: 0, queued: 0 });
  });

  it('counts the tokens each released request used against the tokens per minute', async () => {
    queue.timeoutMs = 0;
    const capped = channel({ max_tpm: 100 });
    (await gate.acquire(capped, { userId: 1, model: 'm' })).release(100);
    expect(gate.hasRoom(capped)).toBe(false);
    await expect(gate.acquire(capped, { userId: 1, model: 'm' })).rejects.toMatchObject({ limit: 'channel_caps' });
  });

  describe('when its per-minute windows are spent', () => {
    /** A gate whose limiter's minute ends `msLeft` after now. */
    function gateWithMinuteEndingIn(msLeft: number): ChannelGate {
      void limiter.stop();
      const shift = MINUTE_MS - msLeft - (Date.now() % MINUTE_MS);
      limiter = new SharedWindowLimiter({ store: storeOf(), logger, now: () => Date.now() + shift });
      return new ChannelGate({ limiter, queue: () => queue });
    }

    it('waits in the queue for the next minute, then passes; one waiting past the timeout gets 429 with Retry-After', async () => {
      queue = { timeoutMs: 2_000, maxWaiting: 2 };
      const rated = gateWithMinuteEndingIn(400);
      const capped = channel({ max_rpm: 1 });
      await rated.acquire(capped, { userId: 1, model: 'm' });
      expect(rated.hasRoom(capped)).toBe(false);
      const second = rated.acquire(capped, { userId: 2, model: 'm' });
      const third = rated.acquire(capped, { userId: 3, model: 'm' }).catch((e: unknown) => e);
      const passed = await second;
      expect(passed.queueWaitMs).toBeGreaterThan(100);
      const refusal = await third;
      expect(refusal).toBeInstanceOf(TrafficLimitError);
      expect((refusal as Error).message).toContain('requests or tokens per minute cap');
      // Refused as soon as the new minute was spent too: its room comes back only after the timeout.
      expect((refusal as TrafficLimitError).retryAfterSeconds).toBeGreaterThan(50);
    });

    it('refuses at once, with the seconds until the minute ends, when the wait could not end within the timeout', async () => {
      queue = { timeoutMs: 2_000, maxWaiting: 2 };
      const rated = gateWithMinuteEndingIn(30_000);
      const capped = channel({ max_rpm: 1 });
      await rated.acquire(capped, { userId: 1, model: 'm' });
      const startedAt = performance.now();
      const refusal = await rated.acquire(capped, { userId: 2, model: 'm' }).catch((e: unknown) => e);
      expect(performance.now() - startedAt).toBeLessThan(500);
      expect(refusal).toMatchObject({ httpStatus: 429, limit: 'channel_caps' });
      expect((refusal as TrafficLimitError).retryAfterSeconds).toBeGreaterThanOrEqual(29);
      expect((refusal as TrafficLimitError).retryAfterSeconds).toBeLessThanOrEqual(31);
    });

    it('refuses beyond the queue and lets a waiting client leave', async () => {
      queue = { timeoutMs: 2_000, maxWaiting: 1 };
      const rated = gateWithMinuteEndingIn(1_000);
      const capped = channel({ max_tpm: 10 });
      (await rated.acquire(capped, { userId: 1, model: 'm' })).release(10);
      const leaving = new AbortController();
      const waiting = rated.acquire(capped, { userId: 2, model: 'm', cancel: leaving }).catch((e: unknown) => e);
      const full = await rated.acquire(capped, { userId: 3, model: 'm' }).catch((e: unknown) => e);
      expect(full).toMatchObject({ httpStatus: 429 });
      expect((full as Error).message).toContain('queue is full');
      leaving.abort();
      expect(await waiting).toMatchObject({ httpStatus: 499 });
    });
  });
});
