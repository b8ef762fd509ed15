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
    const capped = channel({ max_tpm: 100 });
    (await gate.acquire(capped, { userId: 1, model: 'm' })).release(100);
    expect(gate.hasRoom(capped)).toBe(false);
    await expect(gate.acquire(capped, { userId: 1, model: 'm' })).rejects.toMatchObject({ limit: 'channel_caps' });
  });
});
