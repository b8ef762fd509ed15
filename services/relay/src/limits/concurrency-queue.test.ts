import { ConcurrencyQueue, type Slot } from './concurrency-queue';

const settings = { timeoutMs: 1_000, maxWaiting: 10 };
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ConcurrencyQueue', () => {
  it('never has more than its cap in flight, and admits the waiting in arrival order', async () => {
    const queue = new ConcurrencyQueue(2);
    const order: number[] = [];
    const slots: Slot[] = [];
    const requests = Array.from({ length: 6 }, (_, i) =>
      queue.acquire(1, settings).then((slot) => {
        order.push(i);
        slots.push(slot);
        expect(queue.active).toBeLessThanOrEqual(2);
      }),
    );
    await tick();
    expect(order).toEqual([0, 1]);
    expect(queue.queued).toBe(4);
    while (order.length < 6) {
      slots.shift()!.release();
      await tick();
    }
    await Promise.all(requests);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('gives freed slots to the users in turn, so one burst cannot starve another user', async () => {
    const queue = new ConcurrencyQueue(1);
    const first = await queue.acquire(1, settings);
    const served: string[] = [];
    let current = first;
    const wait = (user: number, label: string) =>
      queue.acquire(user, settings).then((slot) => {
        served.push(label);
        current = slot;
      });
    const all = [wait(1, 'a1'), wait(1, 'a2'), wait(1, 'a3'), wait(2, 'b1'), wait(2, 'b2')];
    for (let i = 0; i < 5; i++) {
      current.release();
      await tick();
    }
    await Promise.all(all);
    expect(served).toEqual(['a1', 'b1', 'a2', 'b2', 'a3']);
  });

  it('refuses at once when the queue is full, and after the timeout otherwise', async () => {
    const queue = new ConcurrencyQueue(1);
    await queue.acquire(1, settings);
    const waiting = queue.acquire(2, { timeoutMs: 20, maxWaiting: 1 });
    await expect(queue.acquire(3, { timeoutMs: 20, maxWaiting: 1 })).rejects.toBe('full');
    await expect(waiting).rejects.toBe('timeout');
    expect(queue.queued).toBe(0);
  });

  it('drops a waiter whose client left', async () => {
    const queue = new ConcurrencyQueue(1);
    const slot = await queue.acquire(1, settings);
    const aborter = new AbortController();
    const leaving = queue.acquire(2, { ...settings, signal: aborter.signal });
    const staying = queue.acquire(3, settings);
    aborter.abort();
    await expect(leaving).rejects.toBe('aborted');
    slot.release();
    await expect(staying).resolves.toMatchObject({ queueDepth: 1 });
  });
});
