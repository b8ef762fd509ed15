import { context, propagation } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { commandCases } from './commands';
import { contextCases } from './context';
import { eventCases } from './events';
import { type BusFactory, captureLogs, type ContractState } from './harness';

export {
  type BusFactory,
  type BusUnderTest,
  captureLogs,
  inProcessBusUnderTest,
  COMMAND,
  refund,
  waitFor,
} from './harness';

/**
 * The behaviour every MessageBus implementation must show, run by `in-process-bus.test.ts` and
 * `nats-bus.test.ts` against their own `factory`. Each test gets a fresh bus (on NATS: a fresh
 * namespace and streams, deleted afterwards). Trace context is propagated with the W3C
 * propagator and an AsyncLocalStorage context manager, registered for the suite's duration.
 */
export function describeMessageBusContract(name: string, factory: BusFactory): void {
  describe(`MessageBus contract: ${name}`, () => {
    jest.setTimeout(30_000);
    const state = {} as ContractState;

    beforeAll(() => {
      context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
      propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    });

    afterAll(() => {
      context.disable();
      propagation.disable();
    });

    beforeEach(async () => {
      const { logger, lines } = captureLogs();
      state.lines = lines;
      state.harness = await factory({ logger });
      state.bus = state.harness.bus;
    });

    afterEach(async () => {
      await state.harness.dispose();
    });

    eventCases(state);
    commandCases(state);
    contextCases(state);
  });
}
