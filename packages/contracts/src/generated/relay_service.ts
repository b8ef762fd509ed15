import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { ListEnabledModelsRequest as _modelgate_relay_v1_ListEnabledModelsRequest, ListEnabledModelsRequest__Output as _modelgate_relay_v1_ListEnabledModelsRequest__Output } from './modelgate/relay/v1/ListEnabledModelsRequest';
import type { ListEnabledModelsResponse as _modelgate_relay_v1_ListEnabledModelsResponse, ListEnabledModelsResponse__Output as _modelgate_relay_v1_ListEnabledModelsResponse__Output } from './modelgate/relay/v1/ListEnabledModelsResponse';
import type { RelayServiceClient as _modelgate_relay_v1_RelayServiceClient, RelayServiceDefinition as _modelgate_relay_v1_RelayServiceDefinition } from './modelgate/relay/v1/RelayService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  modelgate: {
    relay: {
      v1: {
        ListEnabledModelsRequest: MessageTypeDefinition<_modelgate_relay_v1_ListEnabledModelsRequest, _modelgate_relay_v1_ListEnabledModelsRequest__Output>
        ListEnabledModelsResponse: MessageTypeDefinition<_modelgate_relay_v1_ListEnabledModelsResponse, _modelgate_relay_v1_ListEnabledModelsResponse__Output>
        /**
         * RelayService exposes the relay's channel and model catalogue to the other services.
         */
        RelayService: SubtypeConstructor<typeof grpc.Client, _modelgate_relay_v1_RelayServiceClient> & { service: _modelgate_relay_v1_RelayServiceDefinition }
      }
    }
  }
}

