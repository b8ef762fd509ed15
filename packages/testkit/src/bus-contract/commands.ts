import type { BusMessage, MessageBus } from '@modelgate/contracts/bus';
import { ConflictError, ValidationError, sleep } from '@modelgate/runtime';
import {
  type BusUnderTest,
  collectDeadLetters,
  type ContractState,
  COMMAND,
  SETTLE_MS,
  refund,
  waitFor,
} from './harness';

/** Contract cases for durable commands: ack, redelivery, dead letters, de-duplication, shared work. */
export function commandCases(state: ContractState): void {
  describe('commands', () => {
    let bus: MessageBus;
    let harness: BusUnderTest;
    beforeEach(() => ({ bus, harness } = state));

    it('delivers a command once and removes it when the handler succeeds', async () => {
      const received: BusMessage<typeof COMMAND>[] = [];
      await bus.consume(COMMAND, { durable: 'billing', handler: (message) => void received.push(message) });

      await expect(bus.enqueue(COMMAND, refund('req-1'))).resolves.toEqual({ duplicate: false });

      await waitFor('the command', () => received.length === 1);
      expect(received[0]).toMatchObject({
        subject: COMMAND,
        payload: refund('req-1'),
        messageId: 'req-1',
        deliveryCount: 1,
      });
      await waitFor('the store to be empty', async () => (await harness.storedCommands()) === 0);
      await sleep(SETTLE_MS);
      expect(received).toHaveLength(1);
    });

    it('redelivers a command whose handler threw, with deliveryCount 2', async () => {
      const attempts: number[] = [];
      await bus.consume(COMMAND, {
        durable: 'billing',
        retryBackoff: { initialMs: 20, maxMs: 50 },
        handler: (message) => {
          attempts.push(message.deliveryCount!);
          if (message.deliveryCount === 1) throw new Error('database briefly down');
        },
      });

      await bus.enqueue(COMMAND, refund('req-2'));

      await waitFor('the redelivery', () => attempts.length === 2);
      expect(attempts).toEqual([1, 2]);
      await waitFor('the store to be empty', async () => (await harness.storedCommands()) === 0);
    });

    it('dead-letters a command after maxDeliver failed attempts, with the reason', async () => {
      const letters = await collectDeadLetters(bus);
      let attempts = 0;
      await bus.consume(COMMAND, {
        durable: 'billing',
        maxDeliver: 2,
        retryBackoff: { initialMs: 20, maxMs: 50 },
        handler: () => {
          attempts++;
          throw new Error('user 7 does not exist');
        },
      });

      await bus.enqueue(COMMAND, refund('req-3'));

      await waitFor('the dead letter', () => letters.length === 1);
      const [letter] = letters;
      expect(letter).toMatchObject({
        subject: COMMAND,
        kind: 'command',
        messageId: 'req-3',
        deliveryCount: 2,
      });
      expect(letter!.reason).toContain('delivery 2 of 2');
      expect(letter!.reason).toContain('user 7 does not exist');
      expect(JSON.parse(Buffer.from(letter!.data).toString())).toEqual(refund('req-3'));
      await waitFor('the store to be empty', async () => (await harness.storedCommands()) === 0);
      await sleep(SETTLE_MS);
      expect(attempts).toBe(2);
      expect(letters).toHaveLength(1);
    });

    it('drops a second command with the same message id and processes it once', async () => {
      const received: string[] = [];
      await expect(bus.enqueue(COMMAND, refund('req-4'))).resolves.toEqual({ duplicate: false });
      await expect(bus.enqueue(COMMAND, refund('req-4'))).resolves.toEqual({ duplicate: true });
      await expect(bus.enqueue(COMMAND, refund('req-5'))).resolves.toEqual({ duplicate: false });

      const handler = (message: BusMessage<typeof COMMAND>) => void received.push(message.payload.requestId);
      await bus.consume(COMMAND, { durable: 'billing', handler });

      await waitFor('both distinct commands', () => received.length === 2);
      await sleep(SETTLE_MS);
      expect(received).toEqual(['req-4', 'req-5']);
    });

    it('keeps commands enqueued while no consumer runs and delivers them in order', async () => {
      for (const id of ['a', 'b', 'c']) await bus.enqueue(COMMAND, refund(`req-${id}`));
      await sleep(SETTLE_MS);
      expect(await harness.storedCommands()).toBe(3);

      const received: string[] = [];
      const handler = (message: BusMessage<typeof COMMAND>) => void received.push(message.payload.requestId);
      await bus.consume(COMMAND, { durable: 'billing', handler });

      await waitFor('the stored commands', () => received.length === 3);
      expect(received).toEqual(['req-a', 'req-b', 'req-c']);
    });

    it('splits the work between consumers sharing a durable name, each command once', async () => {
      const seen: string[][] = [[], []];
      for (const mine of seen) {
        await bus.consume(COMMAND, {
          durable: 'billing',
          handler: async (message) => {
            mine.push(message.payload.requestId);
            await sleep(15);
          },
        });
      }

      for (let i = 0; i < 20; i++) await bus.enqueue(COMMAND, refund(`req-${i}`));

      await waitFor('all 20 commands', () => seen[0]!.length + seen[1]!.length === 20);
      await sleep(SETTLE_MS);
      const all = [...seen[0]!, ...seen[1]!];
      expect(new Set(all).size).toBe(20);
      expect(all).toHaveLength(20);
      expect(seen[0]!.length).toBeGreaterThan(0);
      expect(seen[1]!.length).toBeGreaterThan(0);
    });

    it('dead-letters a malformed command and keeps consuming', async () => {
      const letters = await collectDeadLetters(bus, 'modelgate.cmd.>');
      const received: string[] = [];
      const handler = (message: BusMessage<typeof COMMAND>) => void received.push(message.payload.requestId);
      await bus.consume(COMMAND, { durable: 'billing', handler });

      await harness.injectRaw(COMMAND, '{"requestId": "req-6", oops');
      await harness.injectRaw(COMMAND, JSON.stringify({ requestId: 'req-7' }));
      await bus.enqueue(COMMAND, refund('req-8'));

      await waitFor('the valid command', () => received.length === 1);
      await waitFor('two dead letters', () => letters.length === 2);
      expect(received).toEqual(['req-8']);
      const reasons = letters.map((letter) => letter.reason).sort();
      expect(reasons[0]).toMatch(/JSON/);
      expect(reasons[1]).toMatch(/schema/);
      expect(letters.every((letter) => letter.subject === COMMAND && letter.kind === 'command')).toBe(true);
      await waitFor('the store to be empty', async () => (await harness.storedCommands()) === 0);
    });

    it('sends a trusted command unchecked; the consumer still dead-letters one that fails the schema', async () => {
      const letters = await collectDeadLetters(bus, 'modelgate.cmd.>');
      const received: string[] = [];
      const handler = (message: BusMessage<typeof COMMAND>) => void received.push(message.payload.requestId);
      await bus.consume(COMMAND, { durable: 'billing', handler });
      const fractional = { ...refund('req-t1'), quota: 1.5 };

      await expect(bus.enqueue(COMMAND, fractional)).rejects.toBeInstanceOf(ValidationError);
      await expect(bus.enqueue(COMMAND, fractional, { trusted: true })).resolves.toEqual({ duplicate: false });
      await bus.enqueue(COMMAND, refund('req-t2'), { trusted: true });

      await waitFor('the valid command', () => received.length === 1);
      await waitFor('the dead letter', () => letters.length === 1);
      expect(received).toEqual(['req-t2']);
      expect(letters[0]!.reason).toMatch(/schema/);
      await waitFor('the store to be empty', async () => (await harness.storedCommands()) === 0);
    });

    it('reports a durable consumer’s backlog: waiting, awaiting ack and redelivered', async () => {
      await expect(bus.consumerBacklog(COMMAND, 'billing')).resolves.toBeUndefined();
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const attempts: string[] = [];
      await bus.consume(COMMAND, {
        durable: 'billing',
        retryBackoff: { initialMs: 20, maxMs: 50 },
        handler: async (message) => {
          attempts.push(`${message.payload.requestId}#${message.deliveryCount}`);
          if (message.deliveryCount === 1 && message.payload.requestId === 'req-b1') throw new Error('once');
          await released;
        },
      });
      await bus.enqueue(COMMAND, refund('req-b1'));
      await waitFor('the redelivery', () => attempts.includes('req-b1#2'));
      await bus.enqueue(COMMAND, refund('req-b2'));
      await bus.enqueue(COMMAND, refund('req-b3'));

      // One handler at a time: b1 (redelivered) is held; b2 and b3 wait, on NATS perhaps one of
      // them already fetched by the client and so awaiting its ack too.
      await waitFor('the backlog of three', async () => {
        const backlog = await bus.consumerBacklog(COMMAND, 'billing');
        return backlog !== undefined && backlog.pending + backlog.ackPending === 3;
      });
      const held = (await bus.consumerBacklog(COMMAND, 'billing'))!;
      expect(held.ackPending).toBeGreaterThanOrEqual(1);
      expect(held.redelivered).toBe(1);
      await expect(bus.consumerBacklog(COMMAND, 'other')).resolves.toBeUndefined();

      release();
      await waitFor('an empty backlog', async () => {
        const backlog = await bus.consumerBacklog(COMMAND, 'billing');
        return backlog?.pending === 0 && backlog.ackPending === 0 && backlog.redelivered === 0;
      });
    });

    it('rejects a second durable name on the same command subject', async () => {
      const handler = () => undefined;
      await bus.consume(COMMAND, { durable: 'billing', handler });
      await expect(bus.consume(COMMAND, { durable: 'other', handler })).rejects.toBeInstanceOf(ConflictError);
      const badName = bus.consume(COMMAND, { durable: 'bad name', handler });
      await expect(badName).rejects.toBeInstanceOf(ValidationError);
    });
  });
}
