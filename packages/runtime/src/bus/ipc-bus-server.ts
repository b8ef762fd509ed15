import type { Logger } from 'pino';
import type { BusTransport, CommandDelivery, StopIntake } from './bus-base';
import {
  type BusChannel,
  IPC_BUS_TAG,
  type IpcBusMessage,
  type IpcBusRequest,
  isIpcBusMessage,
  toWireError,
} from './ipc-bus-protocol';

/** The bridge of one channel; `close` drops what the other side had open. */
export interface BusBridge {
  close(): Promise<void>;
}

/**
 * Serves the bus of the process at the other end of `channel` (an `IpcBus`, e.g. a cluster
 * worker's) from `transport` (the primary's in-process bus: `bus.transport`). Its subscriptions,
 * consumers and dead-letter readers become this bus's; commands delivered to it and not yet
 * answered when the channel closes (the worker died) go back for redelivery at once, and its
 * subscriptions end with it.
 */
export function serveBusOverChannel(transport: BusTransport, channel: BusChannel, logger: Logger): BusBridge {
  const intakes = new Map<number, StopIntake>();
  const deliveries = new Map<number, { delivery: CommandDelivery; done(): void }>();
  let nextDelivery = 1;
  let closed = false;

  const send = (message: IpcBusMessage) => {
    if (!closed) channel.send(message);
  };

  const open = async (intake: number, start: Promise<StopIntake>) => {
    const stop = await start;
    if (closed) await stop();
    else intakes.set(intake, stop);
  };

  const perform = async (request: IpcBusRequest): Promise<unknown> => {
    switch (request.op) {
      case 'event':
        return transport.sendEvent(request.subject, request.data, request.headers);
      case 'command':
        return transport.sendCommand(request.subject, request.data, request.headers, request.messageId);
      case 'subscribe': {
        const { intake } = request;
        return open(
          intake,
          transport.openSubscription(request.pattern, request.queue, (message) => send({ tag: IPC_BUS_TAG, kind: 'event', intake, message })),
        );
      }
      case 'consume': {
        const { intake } = request;
        return open(
          intake,
          transport.openConsumer(request.spec, (delivery) => {
            if (closed) {
              delivery.retry(0);
              return Promise.resolve();
            }
            const id = nextDelivery++;
            return new Promise<void>((done) => {
              deliveries.set(id, { delivery, done });
              send({ tag: IPC_BUS_TAG, kind: 'delivery', intake, delivery: id, message: delivery.message });
            });
          }),
        );
      }
      case 'readLetters': {
        const { intake } = request;
        return open(intake, transport.openDeadLetterReader(request.pattern, (letter) => send({ tag: IPC_BUS_TAG, kind: 'letter', intake, letter })));
      }
      case 'backlog':
        return (await transport.readBacklog(request.subject, request.durable)) ?? null;
      case 'deadLetter':
        return transport.storeDeadLetter(request.entry);
      case 'stop': {
        const stop = intakes.get(request.intake);
        intakes.delete(request.intake);
        return stop?.();
      }
      case 'detach':
        return detach();
    }
  };

  const detach = async () => {
    const stops = [...intakes.values()];
    intakes.clear();
    await Promise.all(stops.map((stop) => stop()));
    // Unanswered deliveries go back now rather than after their ack wait.
    for (const [id, { delivery, done }] of deliveries) {
      deliveries.delete(id);
      delivery.retry(0);
      done();
    }
  };

  const stopListening = channel.onMessage((message) => {
    if (!isIpcBusMessage(message)) return;
    if (message.kind === 'verdict') {
      const entry = deliveries.get(message.delivery);
      if (!entry) return;
      deliveries.delete(message.delivery);
      if (message.action === 'ack') entry.delivery.ack();
      else entry.delivery.retry(message.delayMs);
      entry.done();
      return;
    }
    if (message.kind !== 'request') return;
    const { id, request } = message;
    perform(request).then(
      (value) => send({ tag: IPC_BUS_TAG, kind: 'reply', id, ok: true, ...(value === undefined ? {} : { value }) }),
      (error: unknown) => send({ tag: IPC_BUS_TAG, kind: 'reply', id, ok: false, error: toWireError(error) }),
    );
  });

  const close = async () => {
    if (closed) return;
    closed = true;
    stopListening();
    stopWatching();
    await detach().catch((err: unknown) => logger.warn({ err }, 'bus bridge: cannot release what the other side had open'));
  };
  const stopWatching = channel.onClose(() => void close());
  return { close };
}
