import { UnavailableError } from '../errors';
import { BUS_REGISTRY } from '@modelgate/contracts/bus';
import { captureLogs, COMMAND, refund, describeMessageBusContract, inProcessBusUnderTest, waitFor } from '@modelgate/testkit/bus-contract';
import { createInProcessBus } from './in-process-bus';

describeMessageBusContract('InProcessBus', inProcessBusUnderTest);

describe('InProcessBus bounds', () => {
  const { logger } = captureLogs('in-process-bus-test');

  it('refuses commands once the store is full, and accepts them again after acks', async () => {
    const bus = createInProcessBus({ registry: BUS_REGISTRY, logger, maxStoredCommands: 2 });
    try {
      await bus.enqueue(COMMAND, refund('a'));
      await bus.enqueue(COMMAND, refund('b'));
      await expect(bus.enqueue(COMMAND, refund('c'))).rejects.toBeInstanceOf(UnavailableError);

      await bus.consume(COMMAND, { durable: 'billing', handler: () => undefined });
      await waitFor('the store to drain', () => bus.storedCommandCount() === 0);
      await expect(bus.enqueue(COMMAND, refund('c'))).resolves.toEqual({ duplicate: false });
    } finally {
      await bus.close();
    }
  });

  it('forgets message ids once the de-duplication window has passed', async () => {
    const bus = createInProcessBus({ registry: BUS_REGISTRY, logger, duplicateWindowMs: 50 });
    try {
      await expect(bus.enqueue(COMMAND, refund('a'))).resolves.toEqual({ duplicate: false });
      await expect(bus.enqueue(COMMAND, refund('a'))).resolves.toEqual({ duplicate: true });
      await new Promise((resolve) => setTimeout(resolve, 80));
      await expect(bus.enqueue(COMMAND, refund('a'))).resolves.toEqual({ duplicate: false });
    } finally {
      await bus.close();
    }
  });
});
