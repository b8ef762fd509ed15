import { randomBytes } from 'node:crypto';
import { context, ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import type { BusMessage, MessageBus } from '@modelgate/contracts/bus';
import { currentRequestId, REQUEST_ID_HEADER, runWithRequestContext, UnavailableError, sleep } from '@modelgate/runtime';
import { type BusUnderTest, type ContractState, option, OPTION, COMMAND, refund, waitFor } from './harness';

/** Contract cases for header propagation, readiness and draining shutdown. */
export function contextCases(state: ContractState): void {
  describe('context, status and shutdown', () => {
    let bus: MessageBus;
    let harness: BusUnderTest;
    beforeEach(() => ({ bus, harness } = state));

    it("runs handlers in the sender's request id and trace context", async () => {
      const traceId = randomBytes(16).toString('hex');
      const spanId = randomBytes(8).toString('hex');
      const sent = trace.setSpanContext(ROOT_CONTEXT, { traceId, spanId, traceFlags: TraceFlags.SAMPLED });
      const seen: { requestId?: string; traceId?: string; header?: string; traceparent?: string }[] = [];
      const record = (message: BusMessage) =>
        void seen.push({
          requestId: currentRequestId(),
          traceId: trace.getSpanContext(context.active())?.traceId,
          header: message.headers[REQUEST_ID_HEADER],
          traceparent: message.headers.traceparent,
        });
      await bus.subscribe(OPTION, record);
      await bus.consume(COMMAND, { durable: 'billing', handler: record });

      await context.with(sent, () =>
        runWithRequestContext({ requestId: 'req-ctx-1' }, async () => {
          await bus.publish(OPTION, option(1));
          await bus.enqueue(COMMAND, refund('req-ctx-1'));
        }),
      );

      await waitFor('both handlers', () => seen.length === 2);
      for (const entry of seen) {
        expect(entry).toMatchObject({ requestId: 'req-ctx-1', header: 'req-ctx-1', traceId });
        expect(entry.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
      }
      expect(currentRequestId()).toBeUndefined();
    });

    it('reports itself connected until closed', async () => {
      expect(bus.status()).toMatchObject({ connected: true, closed: false });
      await bus.close();
      expect(bus.status()).toMatchObject({ connected: false, closed: true });
    });

    it('close() waits for a running handler, then refuses new messages', async () => {
      let started = false;
      let finished = false;
      await bus.consume(COMMAND, {
        durable: 'billing',
        handler: async () => {
          started = true;
          await sleep(400);
          finished = true;
        },
      });
      await bus.enqueue(COMMAND, refund('req-close'));
      await waitFor('the handler to start', () => started);

      await bus.close();

      expect(finished).toBe(true);
      await expect(harness.storedCommands()).resolves.toBe(0);
      await expect(bus.publish(OPTION, option(1))).rejects.toBeInstanceOf(UnavailableError);
      await expect(bus.enqueue(COMMAND, refund('req-late'))).rejects.toBeInstanceOf(UnavailableError);
      await expect(bus.close()).resolves.toBeUndefined();
    });
  });
}
