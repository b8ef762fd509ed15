import { BUS_REGISTRY, type MessageBus } from '@modelgate/contracts/bus';
import { createInProcessBus, createLogger, createMetricsRegistry, type Registry } from '@modelgate/runtime';
import { usageRecord } from '../usage/test-fixtures.test-support';
import { BILLING_CONSUMERS, registerConsumerBacklogMetrics } from './consumer-backlog-metrics';

const batch = (requestId: string) => ({
  batchId: requestId,
  records: [usageRecord(requestId, { userId: 1, tokenId: 1, channelId: 1 }, 1)],
});

/** `name{consumer="…"}` values of one scrape of the registry. */
async function scrape(registry: Registry): Promise<Map<string, number>> {
  const text = await registry.metrics();
  const values = new Map<string, number>();
  for (const match of text.matchAll(/^(modelgate_billing_consumer_\w+)\{consumer="([^"]+)"\} (\S+)$/gm)) {
    values.set(`${match[1]}/${match[2]}`, Number(match[3]));
  }
  return values;
}

/** Scrapes until `done` holds of the values (the work queue hands out messages asynchronously). */
async function scrapeUntil(registry: Registry, done: (values: Map<string, number>) => boolean): Promise<Map<string, number>> {
  let values = await scrape(registry);
  for (let i = 0; i < 200 && !done(values); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    values = await scrape(registry);
  }
  return values;
}

describe('billing consumer backlog metrics', () => {
  let bus: MessageBus;
  let registry: Registry;

  beforeEach(() => {
    const logger = createLogger({ service: 'billing-test', level: 'silent' });
    bus = createInProcessBus({ registry: BUS_REGISTRY, logger });
    registry = createMetricsRegistry({ processMetrics: false });
    registerConsumerBacklogMetrics(registry, bus, logger);
  });
  afterEach(() => bus.close());

  it('reports each existing consumer’s waiting and unacknowledged records at scrape time', async () => {
    expect(await scrape(registry)).toEqual(new Map());

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const settle = BILLING_CONSUMERS[0]!;
    const consumer = await bus.consume('modelgate.cmd.billing.usage.settle-batch', { durable: settle.durable, handler: () => released });
    for (const id of ['r1', 'r2', 'r3']) await bus.enqueue('modelgate.cmd.billing.usage.settle-batch', batch(id));

    const key = (gauge: string) => `modelgate_billing_consumer_${gauge}/${settle.durable}`;
    expect(await scrapeUntil(registry, (values) => values.get(key('ack_pending')) === 1)).toEqual(
      new Map([
        [key('pending'), 2],
        [key('ack_pending'), 1],
        [key('redelivered'), 0],
      ]),
    );

    release();
    const drained = await scrapeUntil(registry, (values) => values.get(key('pending')) === 0 && values.get(key('ack_pending')) === 0);
    expect(drained.size).toBe(3);
    await consumer.stop();
  });

  it('reads the store once per scrape for all three gauges', async () => {
    const spy = jest.spyOn(bus, 'consumerBacklog');
    await scrape(registry);
    expect(spy).toHaveBeenCalledTimes(BILLING_CONSUMERS.length);
  });

  it('leaves the gauges empty, without failing the scrape, when the store cannot be asked', async () => {
    await bus.consume('modelgate.cmd.billing.usage.settle-batch', { durable: BILLING_CONSUMERS[0]!.durable, handler: () => undefined });
    expect((await scrape(registry)).size).toBe(3);
    await bus.close();
    expect(await scrape(registry)).toEqual(new Map());
  });
});
