import { BUS_REGISTRY, type MessageBus, type UsageBatch, type UsageRecord } from '@modelgate/contracts/bus';
import { createInProcessBus, createLogger } from '@modelgate/runtime';
import { UsagePublisher } from './usage-publisher';

const logger = createLogger({ service: 'relay-test', level: 'silent' });

function record(requestId: string): UsageRecord {
  return {
    requestId,
    userId: 1,
    tokenId: 2,
    channelId: 3,
    model: 'gpt-4o-mini',
    group: 'default',
    promptTokens: 1,
    completionTokens: 1,
    quota: 1,
    isStream: false,
    createdAt: 1_790_000_000,
  };
}

describe('UsagePublisher', () => {
  let bus: MessageBus;
  let batches: UsageBatch[];

  beforeEach(async () => {
    bus = createInProcessBus({ registry: BUS_REGISTRY, logger });
    batches = [];
    await bus.consume('modelgate.cmd.billing.usage.settle-batch', {
      durable: 'test',
      handler: async (message) => {
        batches.push(message.payload);
      },
    });
  });
  afterEach(() => bus.close());

  const until = async (check: () => boolean) => {
    const deadline = Date.now() + 2_000;
    while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  };

  it('sends a full batch at once and the rest after the delay, every record exactly once', async () => {
    const publisher = new UsagePublisher(bus, logger, { maxBatch: 3, maxDelayMs: 400 });
    for (let i = 0; i < 7; i++) publisher.add(record(`r${i}`));
    await until(() => batches.length === 2);
    expect(batches.map((b) => b.records.length)).toEqual([3, 3]);
    await until(() => batches.length === 3);
    expect(batches.flatMap((b) => b.records.map((r) => r.requestId))).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6']);
    expect(new Set(batches.map((b) => b.batchId)).size).toBe(3);
  });

  it('drain sends what is queued without waiting for the delay', async () => {
    const publisher = new UsagePublisher(bus, logger, { maxBatch: 100, maxDelayMs: 60_000 });
    publisher.add(record('a'));
    publisher.add(record('b'));
    await publisher.drain();
    await until(() => batches.length === 1);
    expect(batches[0]!.records.map((r) => r.requestId)).toEqual(['a', 'b']);
  });

  it('logs every record of a batch the bus refuses, so none is lost silently', async () => {
    const errors: unknown[] = [];
    const spyLogger = { ...logger, warn: () => undefined, error: (entry: unknown) => errors.push(entry) } as unknown as typeof logger;
    await bus.close();
    const publisher = new UsagePublisher(bus, spyLogger, { maxBatch: 2, maxDelayMs: 1 });
    publisher.add(record('x'));
    publisher.add(record('y'));
    await publisher.drain();
    expect(errors).toHaveLength(2);
    expect(errors.map((e) => (e as { record: UsageRecord }).record.requestId)).toEqual(['x', 'y']);
  }, 20_000);
});
