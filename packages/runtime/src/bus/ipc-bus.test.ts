import { BUS_REGISTRY, type MessageBus } from '@modelgate/contracts/bus';
import {
  type BusFactory,
  captureLogs,
  COMMAND,
  describeMessageBusContract,
  refund,
  waitFor,
} from '@modelgate/testkit/bus-contract';
import { UnavailableError } from '../errors';
import { createInProcessBus, type InProcessBus } from './in-process-bus';
import { createIpcBus } from './ipc-bus';
import type { BusChannel } from './ipc-bus-protocol';
import { type BusBridge, serveBusOverChannel } from './ipc-bus-server';

/**
 * Two ends of an IPC channel in one process: messages cross on a later turn, in order, as
 * structured clones (what Node's `advanced` serialization does), and `disconnect` closes both
 * ends as a dying process does.
 */
function channelPair(): { worker: BusChannel; primary: BusChannel; disconnect(): void } {
  let connected = true;
  const ends = [0, 1].map(() => ({ listeners: new Set<(m: unknown) => void>(), closers: new Set<() => void>() }));
  const end = (self: number): BusChannel => ({
    send(message) {
      if (!connected) return;
      const copy = structuredClone(message);
      setImmediate(() => {
        if (connected) for (const listener of ends[1 - self]!.listeners) listener(copy);
      });
    },
    onMessage(listener) {
      ends[self]!.listeners.add(listener);
      return () => void ends[self]!.listeners.delete(listener);
    },
    onClose(listener) {
      ends[self]!.closers.add(listener);
      return () => void ends[self]!.closers.delete(listener);
    },
    get connected() {
      return connected;
    },
  });
  return {
    worker: end(0),
    primary: end(1),
    disconnect() {
      if (!connected) return;
      connected = false;
      setImmediate(() => {
        for (const { closers } of ends) for (const close of [...closers]) close();
      });
    },
  };
}

/** A primary's in-process bus with `workers` buses bridged to it over channel pairs. */
function bridgedBuses(workers: number, logger = captureLogs('ipc-bus-test').logger) {
  const primary = createInProcessBus({ registry: BUS_REGISTRY, logger });
  const sides = Array.from({ length: workers }, () => {
    const channels = channelPair();
    const bridge = serveBusOverChannel(primary.transport, channels.primary, logger);
    const bus = createIpcBus({ registry: BUS_REGISTRY, logger, channel: channels.worker });
    return { bus, bridge, disconnect: channels.disconnect };
  });
  return { primary, sides };
}

async function closeAll(primary: InProcessBus<typeof BUS_REGISTRY>, sides: { bus: MessageBus; bridge: BusBridge }[]) {
  for (const side of sides) {
    await side.bus.close();
    await side.bridge.close();
  }
  await primary.close();
}

const ipcBusUnderTest: BusFactory = async ({ logger }) => {
  const { primary, sides } = bridgedBuses(1, logger);
  const { bus } = sides[0]!;
  return {
    bus,
    injectRaw: async (subject, data) => primary.publishRaw(subject, data),
    storedCommands: async () => primary.storedCommandCount(),
    dispose: () => closeAll(primary, sides),
  };
};

describeMessageBusContract('IpcBus bridged to an InProcessBus', ipcBusUnderTest);

describe('IpcBus across several processes', () => {
  const OPTION = 'modelgate.evt.config.option.changed' as const;
  const payload = { keys: ['QuotaPerUnit'], values: { QuotaPerUnit: '500000' }, version: 1 };

  it('fans events out to every process, and a queue group spanning them gets each event once', async () => {
    const { primary, sides } = bridgedBuses(2);
    try {
      const seen: string[] = [];
      await primary.subscribe(OPTION, () => void seen.push('primary'));
      await sides[0]!.bus.subscribe(OPTION, () => void seen.push('worker 0'));
      await sides[1]!.bus.subscribe(OPTION, () => void seen.push('worker 1'));
      const grouped: string[] = [];
      for (const [i, side] of sides.entries()) {
        await side.bus.subscribe(OPTION, () => void grouped.push(`member ${i}`), { queue: 'one-of' });
      }

      await sides[1]!.bus.publish(OPTION, payload);
      await primary.publish(OPTION, payload);
      await waitFor('every subscriber to see both events', () => seen.length === 6 && grouped.length === 2);
      expect(seen.sort()).toEqual(['primary', 'primary', 'worker 0', 'worker 0', 'worker 1', 'worker 1']);
      expect(grouped.sort()).toEqual(['member 0', 'member 1']);
    } finally {
      await closeAll(primary, sides);
    }
  });

  it('hands a dead process’s unanswered command to another consumer at once and ends its subscriptions', async () => {
    const { primary, sides } = bridgedBuses(2);
    const [dying, survivor] = sides as [(typeof sides)[number], (typeof sides)[number]];
    const releases: (() => void)[] = [];
    try {
      const held: string[] = [];
      // Does not answer before this process dies holding the message.
      await dying.bus.consume(COMMAND, {
        durable: 'billing',
        ackWaitMs: 60_000,
        handler: (m) => new Promise<void>((resolve) => held.push(m.payload.requestId) && releases.push(resolve)),
      });
      let dyingEvents = 0;
      await dying.bus.subscribe(OPTION, () => void dyingEvents++);
      await survivor.bus.enqueue(COMMAND, refund('r-1'));
      await waitFor('the dying consumer to hold the command', () => held.length === 1);

      dying.disconnect();
      await expect(dying.bus.enqueue(COMMAND, refund('r-2'))).rejects.toBeInstanceOf(UnavailableError);
      expect(dying.bus.status().connected).toBe(false);

      const settled: string[] = [];
      await survivor.bus.consume(COMMAND, { durable: 'billing', handler: (m) => void settled.push(m.payload.requestId) });
      // Well before the 60 s ack wait: the bridge gave the message back when the channel closed.
      await waitFor('the survivor to settle it', () => settled.length === 1, 5_000);
      expect(settled).toEqual(['r-1']);
      await waitFor('the store to be empty', () => primary.storedCommandCount() === 0);

      await primary.publish(OPTION, payload);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(dyingEvents).toBe(0);
    } finally {
      for (const release of releases) release();
      await closeAll(primary, sides);
    }
  });
});
