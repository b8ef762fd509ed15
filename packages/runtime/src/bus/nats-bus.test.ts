import { randomBytes } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { BUS_REGISTRY, type ModelgateBusRegistry } from '@modelgate/contracts/bus';
import { captureLogs, COMMAND, refund } from '@modelgate/testkit/bus-contract';
import {
  type BusFactory,
  describeMessageBusContract,
  inProcessBusUnderTest,
  waitFor,
} from '@modelgate/testkit/bus-contract';
import { createNatsBus, type NatsBusOptions } from './nats-bus';
import { BusNamespace } from './namespace';

/**
 * The contract against a real NATS JetStream at NATS_URL. Project rule: with NATS_URL unset,
 * integration tests fall back to the in-process bus, and the suite title says so.
 */
const NATS_URL = process.env.NATS_URL;

/** A fresh namespace per test, its streams deleted afterwards, raw access through a side connection. */
function natsBusUnderTest(url: string, extra: Partial<NatsBusOptions<ModelgateBusRegistry>> = {}): BusFactory {
  return async ({ logger }) => {
    const ns = new BusNamespace(`t${randomBytes(5).toString('hex')}`);
    const signal = AbortSignal.timeout(10_000);
    const bus = await createNatsBus({ registry: BUS_REGISTRY, url, namespace: ns.name, logger, signal, ...extra });
    const admin = await connect({ servers: url });
    const jsm = await jetstreamManager(admin);
    const js = jetstream(admin);
    return {
      bus,
      injectRaw: async (subject, data) => {
        if (subject.startsWith('modelgate.cmd.')) {
          await js.publish(ns.wire(subject), data);
        } else {
          admin.publish(ns.wire(subject), data);
          await admin.flush();
        }
      },
      storedCommands: async () => (await jsm.streams.info(ns.commandStream)).state.messages,
      dispose: async () => {
        try {
          await bus.close();
          for (const stream of [ns.commandStream, ns.deadLetterStream]) await jsm.streams.delete(stream);
        } finally {
          await admin.close();
        }
      },
    };
  };
}

if (NATS_URL) {
  describeMessageBusContract(`NatsBus on ${NATS_URL}`, natsBusUnderTest(NATS_URL));
} else {
  describeMessageBusContract('InProcessBus (NATS_URL unset: in-process fallback)', inProcessBusUnderTest);
}

describe('createNatsBus start-up', () => {
  it('retries an unreachable server with log lines until its signal aborts', async () => {
    const { logger, lines } = captureLogs('nats-bus-test');
    const controller = new AbortController();
    const started = createNatsBus({ registry: BUS_REGISTRY, url: 'nats://127.0.0.1:1', logger, signal: controller.signal });
    const failures = () =>
      lines.filter((line) => String(line.msg).startsWith('cannot connect to NATS at nats://127.0.0.1:1'));
    await waitFor('two failed attempts', () => failures().length >= 2);
    controller.abort(new Error('shutting down'));
    await expect(started).rejects.toThrow();
  });

  it('connects without capturing a stack per request, unless its connection options ask for it', async () => {
    const { logger } = captureLogs('nats-bus-test');
    const seen: Array<boolean | undefined> = [];
    for (const connectionOptions of [{}, { noAsyncTraces: false }]) {
      const controller = new AbortController();
      const started = createNatsBus({
        registry: BUS_REGISTRY,
        url: 'nats://127.0.0.1:1',
        logger,
        signal: controller.signal,
        connectionOptions,
        connect: async (options) => {
          seen.push(options.noAsyncTraces);
          controller.abort(new Error('shutting down'));
          throw new Error('no server here');
        },
      });
      await expect(started).rejects.toThrow();
    }
    expect(seen).toEqual([true, false]);
  });

  it('rejects an invalid namespace before connecting', async () => {
    const { logger } = captureLogs('nats-bus-test');
    const started = createNatsBus({ registry: BUS_REGISTRY, url: 'nats://127.0.0.1:1', namespace: 'a.b', logger });
    await expect(started).rejects.toThrow(/namespace/);
  });
});

if (NATS_URL) {
  describe(`NatsBus on ${NATS_URL}: reconnection`, () => {
    it('keeps consuming with its durable consumer after the connection is re-established', async () => {
      const { logger } = captureLogs('nats-bus-test');
      let connection: NatsConnection | undefined;
      const harness = await natsBusUnderTest(NATS_URL, {
        connect: async (options) => (connection = await connect(options)),
      })({ logger });
      try {
        const received: string[] = [];
        await harness.bus.consume(COMMAND, {
          durable: 'billing',
          handler: (message) => void received.push(message.payload.requestId),
        });
        await harness.bus.enqueue(COMMAND, refund('before'));
        await waitFor('the first command', () => received.length === 1);

        let sawDisconnect = false;
        const watching = (async () => {
          for await (const status of connection!.status()) {
            if (status.type === 'disconnect') sawDisconnect = true;
            if (status.type === 'reconnect') return;
          }
        })();
        await connection!.reconnect();
        await watching;
        expect(sawDisconnect).toBe(true);
        await waitFor('the bus to report connected', () => harness.bus.status().connected);

        await harness.bus.enqueue(COMMAND, refund('after'));
        await waitFor('the command sent after reconnecting', () => received.length === 2, 20_000);
        expect(received).toEqual(['before', 'after']);
      } finally {
        await harness.dispose();
      }
    }, 30_000);
  });
}
