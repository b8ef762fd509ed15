import { ValidationError } from '../errors';
import { BUS_REGISTRY, type PayloadOf, type SubjectsMatching } from '@modelgate/contracts/bus';
import { captureLogs, refund, waitFor } from '@modelgate/testkit/bus-contract';
import { createInProcessBus } from './in-process-bus';
import { SubjectRegistry } from './registry';
import { assertEventPattern as assertPatternIn, isValidPattern, subjectMatches } from './subject-pattern';

/** Patterns are checked against the product's registry. */
const assertEventPattern = (pattern: string) => assertPatternIn(new SubjectRegistry(BUS_REGISTRY), pattern);

type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function assertType<T extends true>(): T | undefined {
  return undefined;
}

describe('subject patterns', () => {
  it.each([
    ['modelgate.evt.config.>', 'modelgate.evt.config.option.changed', true],
    ['modelgate.evt.config.>', 'modelgate.evt.config', false],
    ['modelgate.evt.*.user.changed', 'modelgate.evt.identity.user.changed', true],
    ['modelgate.evt.*.user.changed', 'modelgate.evt.identity.token.changed', false],
    ['modelgate.evt.*', 'modelgate.evt.identity.user.changed', false],
    ['modelgate.evt.identity.user.changed', 'modelgate.evt.identity.user.changed', true],
    ['modelgate.evt.identity.user', 'modelgate.evt.identity.user.changed', false],
    ['>', 'anything.at.all', true],
  ])('%s matches %s: %s', (pattern, subject, expected) => {
    expect(subjectMatches(pattern, subject)).toBe(expected);
  });

  it('accepts wildcards only as whole tokens, and > only last', () => {
    expect(isValidPattern('modelgate.evt.*.user.>')).toBe(true);
    expect(isValidPattern('modelgate.evt.>.changed')).toBe(false);
    expect(isValidPattern('modelgate.evt.con*')).toBe(false);
    expect(isValidPattern('modelgate..evt')).toBe(false);
    expect(isValidPattern('modelgate.evt.a b')).toBe(false);
  });

  it('allows event subscriptions only to patterns matching a declared event', () => {
    expect(() => assertEventPattern('modelgate.evt.>')).not.toThrow();
    expect(() => assertEventPattern('modelgate.cmd.>')).toThrow(ValidationError);
    expect(() => assertEventPattern('modelgate.evt.>.x')).toThrow(ValidationError);
    expect(() => assertEventPattern('modelgate.evt.confg.>')).toThrow(/matches no declared event subject/);
  });

  // Type-level: `tsc -b` fails on a wrong assertion or an unused @ts-expect-error.
  it('types a wildcard subscription as the union of the declared subjects it matches', () => {
    assertType<
      Equals<
        SubjectsMatching<'modelgate.evt.config.>'>,
        'modelgate.evt.config.option.changed' | 'modelgate.evt.config.channel.changed'
      >
    >();
    assertType<
      Equals<
        SubjectsMatching<'modelgate.evt.identity.*.changed'>,
        'modelgate.evt.identity.user.changed' | 'modelgate.evt.identity.token.changed'
      >
    >();
    type User = 'modelgate.evt.identity.user.changed';
    assertType<Equals<SubjectsMatching<User>, User>>();
    assertType<Equals<SubjectsMatching<'modelgate.evt.billing.>'>, never>>();
    assertType<Equals<PayloadOf<'modelgate.cmd.billing.usage.settle-batch'>['records'][number]['quota'], number>>();
    // @ts-expect-error the config wildcard does not match identity subjects
    assertType<Equals<SubjectsMatching<'modelgate.evt.config.>'>, 'modelgate.evt.identity.user.changed'>>();
  });

  it('rejects at compile time and at run time what the registry forbids', async () => {
    const bus = createInProcessBus({ registry: BUS_REGISTRY, logger: captureLogs('subjects-test').logger });
    try {
      // @ts-expect-error userId must be a number
      const badPayload = bus.publish('modelgate.evt.identity.user.changed', { userId: '1', reason: 'role' });
      await expect(badPayload).rejects.toBeInstanceOf(ValidationError);
      // @ts-expect-error a command subject is not an event subject
      const notAnEvent = bus.publish('modelgate.cmd.billing.usage.refund', refund('r1'));
      await expect(notAnEvent).rejects.toBeInstanceOf(ValidationError);

      const userIds: number[] = [];
      await bus.subscribe('modelgate.evt.identity.>', (message) => {
        // @ts-expect-error identity payloads have no channelIds
        expect(message.payload.channelIds).toBeUndefined();
        if (message.subject === 'modelgate.evt.identity.user.changed') userIds.push(message.payload.userId);
      });
      await bus.publish('modelgate.evt.identity.user.changed', { userId: 4, reason: 'role' });
      await waitFor('the user event', () => userIds.length === 1);
      expect(userIds).toEqual([4]);
    } finally {
      await bus.close();
    }
  });
});
