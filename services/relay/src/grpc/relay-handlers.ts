import type { RelayServiceDefinition } from '@modelgate/contracts';
import type { UnaryServiceImplementation } from '@modelgate/runtime';
import type { EnabledModelCatalog } from '../models/enabled-model-catalog';

/** `modelgate.relay.v1.RelayService`; answers from memory. */
export function createRelayHandlers(catalog: EnabledModelCatalog): UnaryServiceImplementation<RelayServiceDefinition> {
  return {
    async ListEnabledModels(request) {
      return { models: [...catalog.list(request.group)] };
    },
  };
}
