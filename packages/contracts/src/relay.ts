// Relay: channels and the model catalogue. Served by `services/relay`.
import { serviceContract } from './contract';
import type { RelayServiceClient, RelayServiceDefinition } from './generated/modelgate/relay/v1/RelayService';
import { loadProto } from './load';

/** `modelgate.relay.v1.RelayService`: its typed definition (servers) and client class (clients). */
export const relayContract = serviceContract<RelayServiceDefinition, RelayServiceClient>(
  loadProto('modelgate/relay/v1/relay_service.proto'),
  'modelgate.relay.v1.RelayService',
);

export type { RelayServiceClient, RelayServiceDefinition } from './generated/modelgate/relay/v1/RelayService';
// Message types: `X` is what a sender builds (optional fields, int64 as number | string | Long),
// `X__Output` is what a receiver gets (every field present, int64 as a decimal string).
export type {
  ListEnabledModelsRequest,
  ListEnabledModelsRequest__Output,
} from './generated/modelgate/relay/v1/ListEnabledModelsRequest';
export type {
  ListEnabledModelsResponse,
  ListEnabledModelsResponse__Output,
} from './generated/modelgate/relay/v1/ListEnabledModelsResponse';
