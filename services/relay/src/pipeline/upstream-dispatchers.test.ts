import { DEFAULT_CONNECTION_SETTINGS } from '@modelgate/channel-types';
import { OutboundPolicy } from '@modelgate/runtime/outbound';
import type { Agent } from 'undici';
import { UpstreamDispatchers } from './upstream-dispatchers';

// Which undici Agent each call uses; the traffic itself (caps holding calls back, HTTP/2
// multiplexing) is proven end to end in tests/relay/upstream-connections.test.ts.

describe('UpstreamDispatchers', () => {
  const policy = new OutboundPolicy({ allowedRanges: () => '127.0.0.1' });
  const made: Array<Parameters<OutboundPolicy['createAgent']>[0]> = [];
  const outbound = {
    createAgent: (options: Parameters<OutboundPolicy['createAgent']>[0]) => {
      made.push(options);
      return policy.createAgent(options);
    },
  };
  const current = new Map<number, { connections: number; http2: boolean }>();
  const dispatchers = new UpstreamDispatchers({
    outbound,
    connectTimeoutMs: 1_000,
    connectionsPerOrigin: 256,
    keepAlive: { timeout: 4_000, maxTimeout: 60_000, threshold: 2_000 },
    currentSettings: (id) => current.get(id),
  });
  afterAll(() => dispatchers.close());

  it('sends calls without a channel, or of a channel with default settings, through the shared Agent', () => {
    expect(dispatchers.of(undefined)).toEqual({ dispatcher: dispatchers.shared, multiplexed: false });
    expect(dispatchers.of({ id: 1, connection: DEFAULT_CONNECTION_SETTINGS })).toEqual({ dispatcher: dispatchers.shared, multiplexed: false });
    expect(made[0]).toMatchObject({ connections: 256 });
  });

  it('gives a channel with a cap an Agent of its own, kept while its settings stay the same', () => {
    const first = dispatchers.of({ id: 7, connection: { connections: 2, http2: false } });
    expect(first.dispatcher).not.toBe(dispatchers.shared);
    expect(made.at(-1)).toMatchObject({ connections: 2 });
    // A new snapshot parses the same settings into a new object: still the same Agent.
    expect(dispatchers.of({ id: 7, connection: { connections: 2, http2: false } }).dispatcher).toBe(first.dispatcher);
    // Another channel with the same cap is not held back by this one's connections.
    expect(dispatchers.of({ id: 8, connection: { connections: 2, http2: false } }).dispatcher).not.toBe(first.dispatcher);
  });

  it('replaces and closes a channel Agent when its settings change', async () => {
    const before = dispatchers.of({ id: 9, connection: { connections: 2, http2: false } }).dispatcher as Agent;
    const after = dispatchers.of({ id: 9, connection: { connections: 3, http2: false } }).dispatcher;
    expect(after).not.toBe(before);
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(before.closed).toBe(true);
  });

  it('offers HTTP/2 for a channel that asks, under the default cap, and marks its calls multiplexed', () => {
    const h2 = dispatchers.of({ id: 10, connection: { connections: 0, http2: true } });
    expect(h2.multiplexed).toBe(true);
    expect(made.at(-1)).toMatchObject({ connections: 256, allowH2: true, connect: { allowH2: true } });
  });

  it('closes, on its sweep, the Agents of channels deleted or back to the defaults, and keeps the others', async () => {
    const kept = dispatchers.of({ id: 20, connection: { connections: 4, http2: false } }).dispatcher as Agent;
    const deleted = dispatchers.of({ id: 21, connection: { connections: 4, http2: false } }).dispatcher as Agent;
    const reset = dispatchers.of({ id: 22, connection: { connections: 4, http2: false } }).dispatcher as Agent;
    current.set(20, { connections: 4, http2: false });
    current.set(22, DEFAULT_CONNECTION_SETTINGS);
    dispatchers.sweep();
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect([kept.closed, deleted.closed, reset.closed]).toEqual([false, true, true]);
    expect(dispatchers.of({ id: 20, connection: { connections: 4, http2: false } }).dispatcher).toBe(kept);
  });
});
