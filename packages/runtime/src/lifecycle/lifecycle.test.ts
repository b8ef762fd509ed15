import { createLogger } from '../logging/logger';
import { backoffDelay, retryWithBackoff } from './backoff';
import { createShutdown } from './shutdown';

const logger = createLogger({ service: 'test', level: 'silent' });

describe('backoff', () => {
  it('doubles from the initial delay up to the cap, within jitter', () => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      const expected = Math.min(1000, 100 * 2 ** (attempt - 1));
      const delay = backoffDelay(attempt, 100, 1000);
      expect(delay).toBeGreaterThanOrEqual(expected * 0.8);
      expect(delay).toBeLessThanOrEqual(expected * 1.2);
    }
  });

  it('retries until the attempt succeeds', async () => {
    let calls = 0;
    const value = await retryWithBackoff(
      async () => {
        if (++calls < 3) throw new Error('not yet');
        return 'up';
      },
      { what: 'test', logger, initialDelayMs: 1, maxDelayMs: 2 },
    );
    expect(value).toBe('up');
    expect(calls).toBe(3);
  });

  it('stops retrying when aborted', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('stop')), 20);
    await expect(
      retryWithBackoff(() => Promise.reject(new Error('down')), {
        what: 'test',
        logger,
        initialDelayMs: 5,
        signal: controller.signal,
      }),
    ).rejects.toThrow();
  });
});

describe('shutdown', () => {
  it('runs steps once, last registered first, and abandons a hung step within the bound', async () => {
    const order: string[] = [];
    const shutdown = createShutdown(logger, 200);
    shutdown.add('database', () => {
      order.push('database');
    });
    shutdown.add('hung', () => new Promise<void>(() => undefined));
    shutdown.add('server', async () => {
      order.push('server');
    });
    const started = Date.now();
    await Promise.all([shutdown.run('test'), shutdown.run('again')]);
    expect(order).toEqual(['server', 'database']);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(shutdown.signal.aborted).toBe(true);
  });
});
