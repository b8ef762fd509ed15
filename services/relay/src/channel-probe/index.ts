// Channel probes: tests of channels and their providers' balances, the admin's view of whether a
// channel works. Relay serves them because it is the only service that calls providers.
import type { ChannelProbeServiceDefinition } from '@modelgate/contracts';
import type { Logger, UnaryServiceImplementation } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';
import type { UpstreamClient } from '../pipeline/upstream-client';
import type { ChannelDisabler } from '../state/channel-disabler';
import type { RelayOptions } from '../state/relay-options';
import { BalanceUpdater } from './balance-updater';
import type { ChannelTestDeps } from './channel-tester';
import { createChannelProbeHandlers } from './probe-handlers';
import { ProbeStore } from './probe-store';
import { TestAllRunner } from './test-all-runner';

export { TEST_ALL_RUNNING_MESSAGE } from './test-all-runner';

/** Longest a channel test may take before it counts as an upstream timeout. */
export const DEFAULT_TEST_TIMEOUT_MS = 60_000;
/** Longest one call to a provider's balance API may take. */
export const DEFAULT_BALANCE_TIMEOUT_MS = 15_000;

/** What {@link createChannelProbe} needs. */
export interface ChannelProbeDeps {
  readonly dataSource: DataSource;
  readonly logger: Logger;
  readonly options: Pick<RelayOptions, 'value' | 'autoDisable' | 'upstreamSettings'>;
  readonly upstream: Pick<UpstreamClient, 'send' | 'get'>;
  readonly disabler: Pick<ChannelDisabler, 'disable' | 'enable'>;
  readonly testTimeoutMs?: number;
  readonly balanceTimeoutMs?: number;
}

/** The probe service: its gRPC handlers, and `stop` to end background runs before shutdown. */
export interface ChannelProbe {
  readonly handlers: UnaryServiceImplementation<ChannelProbeServiceDefinition>;
  readonly testAll: TestAllRunner;
  readonly balances: BalanceUpdater;
  /** Reads channels for probing and records their tests. */
  readonly store: ProbeStore;
  /** What a channel test needs (the upstream client, the timeout, the vendor settings). */
  readonly tester: ChannelTestDeps;
  stop(): Promise<void>;
}

/** Builds the channel tests and balance queries over the relay's upstream client. */
export function createChannelProbe(deps: ChannelProbeDeps): ChannelProbe {
  const store = new ProbeStore(deps.dataSource);
  const tester = { upstream: deps.upstream, timeoutMs: deps.testTimeoutMs ?? DEFAULT_TEST_TIMEOUT_MS, settings: () => deps.options.upstreamSettings() };
  const testAll = new TestAllRunner({ store, tester, options: deps.options, disabler: deps.disabler, logger: deps.logger });
  const balances = new BalanceUpdater({
    store,
    upstream: deps.upstream,
    timeoutMs: deps.balanceTimeoutMs ?? DEFAULT_BALANCE_TIMEOUT_MS,
    options: deps.options,
    disabler: deps.disabler,
    logger: deps.logger,
  });
  return {
    handlers: createChannelProbeHandlers({ store, tester, testAll, balances }),
    testAll,
    balances,
    store,
    tester,
    async stop() {
      await Promise.all([testAll.stop(), balances.stop()]);
    },
  };
}
