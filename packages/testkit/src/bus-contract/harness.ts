import type { Logger } from 'pino';
import { BUS_REGISTRY, type MessageBus, type OptionChanged, type UsageRefund } from '@modelgate/contracts/bus';
import { sleep, createLogger, createInProcessBus } from '@modelgate/runtime';
import type { DeadLetter } from '@modelgate/runtime';

/** Test-side plumbing of the MessageBus contract: the harness shape, fixtures and bounded waits. */

/** A bus under test plus the implementation-specific hooks the contract needs. */
export interface BusUnderTest {
  readonly bus: MessageBus;
  /** Sends raw bytes straight to the transport, bypassing validation, as a foreign client would. */
  injectRaw(subject: string, data: string | Uint8Array): Promise<void>;
  /** Commands held by the durable store (acknowledged ones are removed). */
  storedCommands(): Promise<number>;
  /** Closes the bus if still open and removes whatever the test created. */
  dispose(): Promise<void>;
}

export interface BusFactoryOptions {
  logger: Logger;
}

/** Builds a fresh, isolated bus for one test. */
export type BusFactory = (options: BusFactoryOptions) => Promise<BusUnderTest>;

/** One parsed log line. */
export type LogLine = Record<string, unknown>;

/** What each contract case reads; refreshed before every test. */
export interface ContractState {
  bus: MessageBus;
  harness: BusUnderTest;
  lines: LogLine[];
}

/** The in-process bus as a contract subject. */
export const inProcessBusUnderTest: BusFactory = async ({ logger }) => {
  const bus = createInProcessBus({ registry: BUS_REGISTRY, logger });
  return {
    bus,
    injectRaw: async (subject, data) => bus.publishRaw(subject, data),
    storedCommands: async () => bus.storedCommandCount(),
    dispose: () => bus.close(),
  };
};

/** Polls `probe` until it returns true, failing with `what` after `timeoutMs`. */
export async function waitFor(
  what: string,
  probe: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(10);
  }
}

/** Time given to a bus to deliver anything extra before asserting it did not. */
export const SETTLE_MS = 300;

export const OPTION = 'modelgate.evt.config.option.changed' as const;
/** The command subject the suite exercises: any durable command behaves alike. */
export const COMMAND = 'modelgate.cmd.billing.usage.refund' as const;

/** A valid option-changed payload, told apart by `version`. */
export function option(version: number): OptionChanged {
  return { keys: ['QuotaPerUnit'], values: { QuotaPerUnit: String(500_000 + version) }, version };
}

/** A valid refund command for `requestId`, keyed (message id) by the same id. */
export function refund(requestId: string): UsageRefund {
  return {
    refundId: requestId,
    requestId,
    userId: 7,
    tokenId: 11,
    channelId: 3,
    model: 'gpt-4o-mini',
    group: 'default',
    quota: 230,
    content: '',
    createdAt: 1_760_000_000,
  };
}

/** A logger whose lines land in `lines`, so tests can assert what was logged. */
export function captureLogs(service = 'bus-contract'): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const logger = createLogger({
    service,
    level: 'debug',
    destination: { write: (line: string) => lines.push(JSON.parse(line) as LogLine) },
  });
  return { logger, lines };
}

/** Starts reading dead letters (optionally of one subject pattern) into the returned array. */
export async function collectDeadLetters(bus: MessageBus, subject?: string): Promise<DeadLetter[]> {
  const letters: DeadLetter[] = [];
  await bus.consumeDeadLetters((letter) => void letters.push(letter), subject ? { subject } : {});
  return letters;
}
