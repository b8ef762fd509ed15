import type { RelayServiceDefinition } from '@modelgate/contracts';
import type { UnaryServiceImplementation } from '@modelgate/runtime';
import type { ChannelStore } from '../state/channel-store';

/** `modelgate.relay.v1.RelayService`; answers from the in-memory channel store. */
export function createRelayHandlers(
  store: Pick<ChannelStore, 'models'>,
): UnaryServiceImplementation<RelayServiceDefinition> {
  return {
    async ListEnabledModels(request) {
      return { models: [...store.models(request.group)] };
    },
  };
}
