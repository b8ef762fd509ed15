import { createLogger } from '@modelgate/runtime';
import { PublicStatusCache } from './public-status-cache';

const logger = createLogger({ service: 'test', level: 'silent' });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('PublicStatusCache', () => {
  it('shares one fetch between concurrent callers and caches the result', async () => {
    let calls = 0;
    const cache = new PublicStatusCache({ logger, fetch: async () => ({ n: ++calls }) });
    const [a, b] = await Promise.all([cache.get(), cache.get()]);
    expect(a).toEqual({ n: 1 });
    expect(b).toBe(a);
    expect(await cache.get()).toEqual({ n: 1 });
    expect(calls).toBe(1);
  });

  it('fetches again after an invalidation', async () => {
    let calls = 0;
    const cache = new PublicStatusCache({ logger, fetch: async () => ({ n: ++calls }) });
    await cache.get();
    cache.invalidate();
    expect(await cache.get()).toEqual({ n: 2 });
  });

  it('does not keep a value whose fetch an invalidation overtook', async () => {
    const first = deferred<Record<string, unknown>>();
    let calls = 0;
    const cache = new PublicStatusCache({
      logger,
      fetch: () => (++calls === 1 ? first.promise : Promise.resolve({ n: calls })),
    });
    const stale = cache.get();
    cache.invalidate();
    first.resolve({ n: 1 });
    await stale;
    expect(await cache.get()).toEqual({ n: 2 });
  });

  it('does not cache failures', async () => {
    let calls = 0;
    const cache = new PublicStatusCache({
      logger,
      fetch: async () => {
        calls++;
        if (calls === 1) throw new Error('identity unavailable');
        return { n: calls };
      },
    });
    await expect(cache.get()).rejects.toThrow('identity unavailable');
    expect(await cache.get()).toEqual({ n: 2 });
  });

  it('refreshes after the maximum age even without an event', async () => {
    let calls = 0;
    const cache = new PublicStatusCache({ logger, maxAgeMs: 1, fetch: async () => ({ n: ++calls }) });
    await cache.get();
    await new Promise((r) => setTimeout(r, 5));
    expect(await cache.get()).toEqual({ n: 2 });
  });
});
