import { parseOption } from '@modelgate/contracts/options';
import { type FakeUpstream, startFakeUpstream } from '@modelgate/fake-upstream';
import { createLogger } from '@modelgate/runtime';
import { OutboundPolicy } from '@modelgate/runtime/outbound';
import { createUpstreamClient, type UpstreamClient } from '../pipeline/upstream-client';
import type { ProbeChannel, ProbeStore } from './probe-store';
import { TEST_ALL_RUNNING_MESSAGE, TestAllRunner } from './test-all-runner';

const logger = createLogger({ service: 'test-all-runner-test', level: 'silent' });

describe('TestAllRunner', () => {
  let fake: FakeUpstream;
  let upstream: UpstreamClient;

  const row = (id: number, fields: Partial<ProbeChannel> = {}): ProbeChannel => ({
    id,
    type: 1,
    key: `sk-${id}`,
    name: `c${id}`,
    status: 1,
    base_url: fake.url,
    other: '',
    openai_organization: null,
    model_mapping: null,
    auto_ban: 1,
    created_time: 0,
    test_model: null,
    models: 'gpt-4o-mini',
    ...fields,
  });

  /** A runner over `channels` with recording store and disabler stubs. */
  const runnerOver = (channels: ProbeChannel[], options: Record<string, string>, failRecordOf?: number) => {
    const recorded: Array<[number, number]> = [];
    const store = {
      all: jest.fn(async () => channels),
      recordTest: jest.fn(async (id: number, ms: number) => {
        if (id === failRecordOf) throw new Error('database down');
        recorded.push([id, ms]);
      }),
    } as unknown as ProbeStore;
    const disabler = { disable: jest.fn(async () => true), enable: jest.fn(async () => true) };
    const runner = new TestAllRunner({
      store,
      tester: { upstream, timeoutMs: 5_000 },
      options: { value: (key) => parseOption(key, options[key] ?? ''), autoDisable: () => ({ enabled: options.auto === 'on', keywords: [] }) },
      disabler,
      logger,
    });
    return { runner, recorded, disabler };
  };

  beforeAll(async () => {
    fake = await startFakeUpstream();
    // The fake upstream is on loopback: allowed as a root allows a model server on its own network.
    const outbound = new OutboundPolicy({ allowedRanges: () => '127.0.0.1' });
    upstream = createUpstreamClient({ connectTimeoutMs: 2_000, responseTimeoutMs: 0, idleTimeoutMs: 0, connectionsPerOrigin: 4, outbound });
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    await upstream.close();
    await fake.close();
  });

  it('tests each testable channel once, in order, and applies the verdicts', async () => {
    const channels = [row(1), row(2), row(3, { type: 11 }), row(4, { status: 3 }), row(5, { type: 16 })];
    fake.program({ apiKey: 'sk-2' }, { error: 'invalid_api_key' });
    const { runner, recorded, disabler } = runnerOver(channels, { auto: 'on', AutomaticEnableChannelEnabled: 'true' });
    await expect(runner.start()).resolves.toBe(3);
    expect(runner.running).toBe(true);
    await runner.idle();
    expect(runner.running).toBe(false);
    expect(recorded.map(([id]) => id)).toEqual([1, 2, 4]);
    expect(disabler.disable).toHaveBeenCalledTimes(1);
    // A rejected key is no passing cause: not marked for the relay's own recovery probes.
    expect(disabler.disable).toHaveBeenCalledWith(2, expect.stringMatching(/^status code 401: /), { transient: false });
    expect(disabler.enable).toHaveBeenCalledTimes(1);
    expect(disabler.enable).toHaveBeenCalledWith(4);
  });

  it('refuses a second start while a run goes on, and allows one after it', async () => {
    fake.program({}, { latencyMs: 300 });
    const { runner } = runnerOver([row(1)], {});
    await runner.start();
    await expect(runner.start()).rejects.toThrow(TEST_ALL_RUNNING_MESSAGE);
    await runner.idle();
    await expect(runner.start()).resolves.toBe(1);
    await runner.idle();
  });

  it('keeps going when one channel cannot be recorded', async () => {
    const { runner, recorded } = runnerOver([row(1), row(2)], {}, 1);
    await runner.start();
    await runner.idle();
    expect(recorded.map(([id]) => id)).toEqual([2]);
  });

  it('stops between channels and abandons the test under way on stop', async () => {
    fake.program({}, { latencyMs: 5_000 });
    const { runner, recorded } = runnerOver([row(1), row(2)], {});
    await runner.start();
    const startedAt = Date.now();
    await runner.stop();
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    expect(recorded).toEqual([]);
    await expect(runner.start()).rejects.toThrow(TEST_ALL_RUNNING_MESSAGE);
  });
});
