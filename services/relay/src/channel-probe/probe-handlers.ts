import { channelIdFromText } from '@modelgate/channels';
import type { ChannelProbeServiceDefinition } from '@modelgate/contracts';
import { NotFoundError, type UnaryServiceImplementation, ValidationError } from '@modelgate/runtime';
import type { BalanceUpdater } from './balance-updater';
import { type ChannelTestDeps, testChannel } from './channel-tester';
import type { ProbeStore } from './probe-store';
import type { TestAllRunner } from './test-all-runner';

/** Longest model name a test may ask for (the column size of model names). */
const MAX_MODEL_LENGTH = 255;

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
      const id = channelIdFromText(request.channel_id);
      if (request.model.length > MAX_MODEL_LENGTH) {
        throw new ValidationError(`model name is longer than ${MAX_MODEL_LENGTH} characters`, { code: 'invalid_model' });
      }
      const channel = await deps.store.find(id);
      if (!channel) throw new NotFoundError('channel not found', { code: 'channel_not_found' });
      const outcome = await testChannel(deps.tester, channel, request.model, call.signal);
      await deps.store.recordTest(id, outcome.elapsedMs, nowSeconds(), {
        success: outcome.success,
        message: outcome.message,
        model: outcome.model,
      });
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
      const read = await deps.balances.updateOne(channelIdFromText(request.channel_id), call.signal);
      return { balance: read.balance, balance_updated_time: read.updatedAt };
    },

    async UpdateAllBalances() {
      return deps.balances.updateAll();
    },
  };
}
