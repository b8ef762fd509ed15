import { backoffDelayMs } from './backoff';
import { type QueueResult, WorkQueue } from './work-queue';

const policy = { baseMs: 1000, maxMs: 8000, jitter: 0.2 };

describe('backoffDelayMs', () => {
  test('doubles from the base, caps, and jitters within ±20 %', () => {
    expect([1, 2, 3, 4, 5, 10].map((attempt) => backoffDelayMs(attempt, policy, () => 0.5))).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    expect(backoffDelayMs(1, policy, () => 0)).toBe(800);
    expect(backoffDelayMs(1, policy, () => 1)).toBe(1200);
    expect(backoffDelayMs(100, policy, () => 1)).toBe(9600);
  });
});

describe('WorkQueue', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** Lets resolved promises run (fake timers do not). */
  const flush = async () => {
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  };

  test('deduplicates waiting keys and never runs one key twice at once', async () => {
    const running = new Set<string>();
    const calls: string[] = [];
    let overlap = false;
    const releases: Array<() => void> = [];
    const queue = new WorkQueue({
      concurrency: 4,
      handler: async (key) => {
        if (running.has(key)) overlap = true;
        running.add(key);
        calls.push(key);
        await new Promise<void>((resolve) => releases.push(resolve));
        running.delete(key);
        return { kind: 'done' };
      },
    });
    queue.add('a');
    queue.add('a');
    queue.add('b');
    await flush();
    expect(calls).toEqual(['a', 'b']);
    queue.add('a'); // while a runs: once more afterwards
    queue.add('a');
    expect(queue.depth()).toBe(0);
    releases.shift()!();
    await flush();
    expect(calls).toEqual(['a', 'b', 'a']);
    while (releases.length > 0) {
      releases.shift()!();
      await flush();
    }
    expect(overlap).toBe(false);
    expect(queue.idle()).toBe(true);
    await queue.shutdown(10);
  });

  test('retries failures with growing backoff, then forgets them on success', async () => {
    const results: QueueResult[] = [{ kind: 'retry' }, { kind: 'retry' }, { kind: 'done' }];
    const times: number[] = [];
    const start = Date.now();
    const retries: number[] = [];
    const queue = new WorkQueue({
      concurrency: 1,
      backoff: policy,
      random: () => 0.5,
      onRetry: (_key, _attempt, delay) => retries.push(delay),
      handler: async () => {
        times.push(Date.now() - start);
        return results.shift() ?? { kind: 'done' };
      },
    });
    queue.add('k');
    await flush();
    expect(queue.retries('k')).toBe(1);
    await jest.advanceTimersByTimeAsync(999);
    expect(times).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(times).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(2000);
    expect(times).toEqual([0, 1000, 3000]);
    expect(retries).toEqual([1000, 2000]);
    expect(queue.retries('k')).toBe(0);
    await queue.shutdown(10);
  });

  test('a thrown error is retried like a failure and reported', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const queue = new WorkQueue({
      concurrency: 1,
      backoff: policy,
      random: () => 0.5,
      onError: (_key, error) => errors.push(error),
      handler: async () => {
        calls += 1;
        if (calls === 1) throw new Error('boom');
        return { kind: 'done' };
      },
    });
    queue.add('k');
    await flush();
    expect(errors).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    await queue.shutdown(10);
  });

  test('after: processes again later; addAfter keeps the earliest schedule; shutdown drops scheduled keys', async () => {
    let calls = 0;
    const queue = new WorkQueue({
      concurrency: 1,
      handler: async () => {
        calls += 1;
        return calls === 1 ? { kind: 'after', ms: 5000 } : { kind: 'done' };
      },
    });
    queue.add('k');
    await flush();
    queue.addAfter('k', 10_000);
    await jest.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(2);
    queue.addAfter('x', 1000);
    await queue.shutdown(10);
    await jest.advanceTimersByTimeAsync(2000);
    expect(calls).toBe(2);
  });

  test('bounded concurrency', async () => {
    let active = 0;
    let peak = 0;
    const queue = new WorkQueue({
      concurrency: 2,
      handler: async () => {
        active += 1;
        peak = Math.max(peak, active);
        await new Promise((resolve) => setTimeout(resolve, 10));
        active -= 1;
        return { kind: 'done' };
      },
    });
    for (const key of ['a', 'b', 'c', 'd', 'e']) queue.add(key);
    await jest.advanceTimersByTimeAsync(100);
    expect(peak).toBe(2);
    expect(queue.idle()).toBe(true);
    await queue.shutdown(10);
  });
});
