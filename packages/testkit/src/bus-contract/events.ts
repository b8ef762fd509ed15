import type { BusMessage, MessageBus } from '@modelgate/contracts/bus';
import { ValidationError, sleep } from '@modelgate/runtime';
import {
  type BusUnderTest,
  collectDeadLetters,
  type ContractState,
  type LogLine,
  option,
  OPTION,
  COMMAND,
  SETTLE_MS,
  refund,
  waitFor,
} from './harness';

/** Contract cases for events: fan-out, queue groups, wildcards, validation, dead letters. */
export function eventCases(state: ContractState): void {
  describe('events', () => {
    let bus: MessageBus;
    let harness: BusUnderTest;
    let lines: LogLine[];
    beforeEach(() => ({ bus, harness, lines } = state));

    it('fans an event out to every subscriber, never synchronously inside publish', async () => {
      const first: BusMessage[] = [];
      const second: BusMessage[] = [];
      let publishing = false;
      let deliveredDuringPublish = false;
      await bus.subscribe(OPTION, (message) => {
        deliveredDuringPublish ||= publishing;
        first.push(message);
      });
      await bus.subscribe(OPTION, (message) => void second.push(message));

      publishing = true;
      const sent = bus.publish(OPTION, option(1));
      publishing = false;
      await sent;

      await waitFor('both subscribers', () => first.length === 1 && second.length === 1);
      expect(first[0]).toMatchObject({ subject: OPTION, payload: option(1) });
      expect(second[0]!.payload).toEqual(option(1));
      expect(deliveredDuringPublish).toBe(false);
    });

    it('delivers each event to one member of a queue group', async () => {
      const members: number[][] = [[], []];
      const everyone: number[] = [];
      for (const received of members) {
        await bus.subscribe(OPTION, (m) => void received.push(m.payload.version!), { queue: 'workers' });
      }
      await bus.subscribe(OPTION, (m) => void everyone.push(m.payload.version!));

      for (let version = 0; version < 10; version++) await bus.publish(OPTION, option(version));

      await waitFor('the plain subscriber to get all 10', () => everyone.length === 10);
      await sleep(SETTLE_MS);
      const grouped = [...members[0]!, ...members[1]!].sort((a, b) => a - b);
      expect(grouped).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    });

    it('matches wildcard subscriptions with > and *', async () => {
      const config: string[] = [];
      const identity: string[] = [];
      await bus.subscribe('modelgate.evt.config.>', (message) => {
        // The payload is typed by subject: narrowing on it gives the exact payload type.
        if (message.subject === 'modelgate.evt.config.channel.changed') {
          expect(message.payload.channelIds).toEqual([1, 2]);
        }
        config.push(message.subject);
      });
      await bus.subscribe('modelgate.evt.identity.*.changed', (m) => void identity.push(m.subject));

      await bus.publish(OPTION, option(1));
      await bus.publish('modelgate.evt.config.channel.changed', { channelIds: [1, 2], reason: 'updated' });
      await bus.publish('modelgate.evt.identity.user.changed', { userId: 5, reason: 'quota' });
      const tokenChange = { tokenIds: [9], userId: 5, reason: 'deleted' };
      await bus.publish('modelgate.evt.identity.token.changed', tokenChange);

      await waitFor('both wildcard subscribers', () => config.length === 2 && identity.length === 2);
      await sleep(SETTLE_MS);
      expect(config.sort()).toEqual(['modelgate.evt.config.channel.changed', OPTION]);
      expect(identity.sort()).toEqual([
        'modelgate.evt.identity.token.changed',
        'modelgate.evt.identity.user.changed',
      ]);
    });

    it('rejects an invalid payload or subject before sending anything', async () => {
      const received: BusMessage[] = [];
      await bus.subscribe('modelgate.evt.>', (message) => void received.push(message));

      await expect(
        bus.publish('modelgate.evt.identity.user.changed', { userId: -1, reason: 'nope' } as never),
      ).rejects.toBeInstanceOf(ValidationError);
      const undeclared = bus.publish('modelgate.evt.nope.thing.changed' as never, {} as never);
      await expect(undeclared).rejects.toBeInstanceOf(ValidationError);
      const fractionalQuota = bus.enqueue(COMMAND, { ...refund('r1'), quota: 1.5 });
      await expect(fractionalQuota).rejects.toBeInstanceOf(ValidationError);
      const commandPattern = bus.subscribe('modelgate.cmd.>' as never, () => undefined);
      await expect(commandPattern).rejects.toBeInstanceOf(ValidationError);

      await bus.publish('modelgate.evt.identity.user.changed', { userId: 1, reason: 'role' });
      await waitFor('the valid event', () => received.length === 1);
      await sleep(SETTLE_MS);
      expect(received.map((m) => m.payload)).toEqual([{ userId: 1, reason: 'role' }]);
    });

    it('dead-letters malformed events, skips undeclared subjects, keeps the subscriber working', async () => {
      const letters = await collectDeadLetters(bus, 'modelgate.evt.>');
      const received: BusMessage[] = [];
      await bus.subscribe('modelgate.evt.config.>', (message) => void received.push(message));

      await harness.injectRaw(OPTION, 'this is not json');
      await harness.injectRaw(OPTION, JSON.stringify({ keys: 'QuotaPerUnit' }));
      await harness.injectRaw('modelgate.evt.config.option.renamed', JSON.stringify({ from: 'a', to: 'b' }));
      await bus.publish(OPTION, option(2));

      await waitFor('the valid event', () => received.length === 1);
      await waitFor('two dead letters', () => letters.length === 2);
      await sleep(SETTLE_MS);
      expect(received.map((message) => message.payload)).toEqual([option(2)]);
      expect(letters).toHaveLength(2);
      const [notJson, badSchema] = [...letters].sort((a, b) => a.reason.localeCompare(b.reason));
      expect(notJson).toMatchObject({ subject: OPTION, kind: 'event' });
      expect(notJson!.reason).toMatch(/JSON/);
      expect(Buffer.from(notJson!.data).toString()).toBe('this is not json');
      expect(badSchema).toMatchObject({ subject: OPTION, kind: 'event' });
      expect(badSchema!.reason).toMatch(/schema/);
    });

    it('logs a failing event handler and delivers the next event', async () => {
      const received: number[] = [];
      await bus.subscribe(OPTION, (message) => {
        if (message.payload.version === 1) throw new Error('handler exploded');
        received.push(message.payload.version!);
      });

      await bus.publish(OPTION, option(1));
      await bus.publish(OPTION, option(2));

      await waitFor('the second event', () => received.length === 1);
      expect(received).toEqual([2]);
      const logged = lines.find((line) => line.msg === 'event handler failed');
      expect(JSON.stringify(logged)).toContain('handler exploded');
    });

    it('stops delivering after unsubscribe', async () => {
      const received: number[] = [];
      const subscription = await bus.subscribe(OPTION, (m) => void received.push(m.payload.version!));
      await bus.publish(OPTION, option(1));
      await waitFor('the first event', () => received.length === 1);

      await subscription.unsubscribe();
      await bus.publish(OPTION, option(2));
      await sleep(SETTLE_MS);
      expect(received).toEqual([1]);
    });
  });
}
