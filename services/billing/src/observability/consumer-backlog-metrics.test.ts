import { createInProcessBus, createLogger, createMetricsRegistry, type MessageBus, type Registry } from '@modelgate/runtime';
import { usageRecord } from '../usage/test-fixtures';
import { BILLING_CONSUMERS, registerConsumerBacklogMetrics } from './consumer-backlog-metrics';

const record = (requestId: string) => usageRecord(requestId, { userId: 1, tokenId: 1, channelId: 1 }, 1);

/** `name{consumer="…"}` values of one scrape of the registry. */
async function scrape(registry: Registry): Promise<Map<string, number>> {
  const text = await registry.metrics();
  const values = new Map<string, number>();
  for (const match of text.matchAll(/^(modelgate_billing_consumer_\w+)\{consumer="([^"]+)"\} (\S+)$/gm)) {
    values.set(`${match[1]}/${match[2]}`, Number(match[3]));
  }
  return values;
}

describe('billing consumer backlog metrics', () => {
  let bus: MessageBus;
  let registry: Registry;

  beforeEach(() => {
    const logger = createLogger({ service: 'billing-test', level: 'silent' });
    bus = createInProcessBus({ logger });
    registry = createMetricsRegistry({ processMetrics: false });
    registerConsumerBacklogMetrics(registry, bus, logger);
  });
  afterEach(() => bus.close());

  it('reports each existing consumer’s waiting and unacknowledged records at scrape time', async () => {
    expect(await scrape(registry)).toEqual(new Map());

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const settle = BILLING_CONSUMERS[0]!;
    const consumer = await bus.consume('modelgate.cmd.billing.usage.settle', { durable: settle.durable, handler: () => released });
    for (const id of ['r1', 'r2', 'r3']) await bus.enqueue('modelgate.cmd.billing.usage.settle', record(id));

    let values = new Map<string, number>();
    for (let i = 0; i < 100 && values.get(`modelgate_billing_consumer_ack_pending/${settle.durable}`) !== 1; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      values = await scrape(registry);
    }
    expect(values).toEqual(
      new Map([
        [`modelgate_billing_consumer_pending/${settle.durable}`, 2],
        [`modelgate_billing_consumer_ack_pending/${settle.durable}`, 1],
        [`modelgate_billing_consumer_redelivered/${settle.durable}`, 0],
      ]),
    );

    release();
    await consumer.stop();
    expect((await scrape(registry)).get(`modelgate_billing_consumer_pending/${settle.durable}`)).toBe(0);
  });

  it('reads the store once per scrape for all three gauges', async () => {
    const spy = jest.spyOn(bus, 'consumerBacklog');
    await scrape(registry);
    expect(spy).toHaveBeenCalledTimes(BILLING_CONSUMERS.length);
  });

  it('leaves the gauges empty, without failing the scrape, when the store cannot be asked', async () => {
    await bus.consume('modelgate.cmd.billing.usage.settle', { durable: BILLING_CONSUMERS[0]!.durable, handler: () => undefined });
    expect((await scrape(registry)).size).toBe(3);
    await bus.close();
    expect(await scrape(registry)).toEqual(new Map());
  });
});
