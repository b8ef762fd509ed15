import type { ChannelProbeServiceDefinition } from '@modelgate/contracts';
import { NotFoundError, type UnaryServiceImplementation, ValidationError } from '@modelgate/runtime';
import type { BalanceUpdater } from './balance-updater';
import { type ChannelTestDeps, testChannel } from './channel-tester';
import type { ProbeStore } from './probe-store';
import type { TestAllRunner } from './test-all-runner';

/** Largest `channels.id` (a PostgreSQL `integer`). */
const MAX_CHANNEL_ID = 2_147_483_647;
/** Longest model name a test may ask for (the column size of model names). */
const MAX_MODEL_LENGTH = 255;

/** The channel id of a request: a positive integer that fits the column (int64 arrives as text). */
export function channelIdOf(value: string): number {
  const id = /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_CHANNEL_ID) {
    throw new ValidationError('invalid channel id', { code: 'invalid_channel_id' });
  }
  return id;
}

/** What the handlers are built from. */
export interface ChannelProbeHandlerDeps {
  readonly store: ProbeStore;
  readonly tester: ChannelTestDeps;
  readonly testAll: TestAllRunner;
  readonly balances: BalanceUpdater;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** `modelgate.relay.v1.ChannelProbeService`. */
export function createChannelProbeHandlers(
  deps: ChannelProbeHandlerDeps,
): UnaryServiceImplementation<ChannelProbeServiceDefinition> {
  return {
    async TestChannel(request, call) {
      const id = channelIdOf(request.channel_id);
      if (request.model.length > MAX_MODEL_LENGTH) {
        throw new ValidationError(`model name is longer than ${MAX_MODEL_LENGTH} characters`, { code: 'invalid_model' });
      }
      const channel = await deps.store.find(id);
      if (!channel) throw new NotFoundError('channel not found', { code: 'channel_not_found' });
      const outcome = await testChannel(deps.tester, channel, request.model, call.signal);
      await deps.store.recordTest(id, outcome.elapsedMs, nowSeconds());
      return {
        success: outcome.success,
        message: outcome.message,
        time: outcome.elapsedMs / 1000,
        model: outcome.model,
        response_time_ms: outcome.elapsedMs,
      };
    },

    async TestAllChannels() {
      return { channels: await deps.testAll.start() };
    },

    async UpdateBalance(request, call) {
      const read = await deps.balances.updateOne(channelIdOf(request.channel_id), call.signal);
      return { balance: read.balance, balance_updated_time: read.updatedAt };
    },

    async UpdateAllBalances() {
      return deps.balances.updateAll();
    },
  };
}
