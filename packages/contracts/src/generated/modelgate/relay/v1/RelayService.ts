// Original file: proto/modelgate/relay/v1/relay_service.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ListEnabledModelsRequest as _modelgate_relay_v1_ListEnabledModelsRequest, ListEnabledModelsRequest__Output as _modelgate_relay_v1_ListEnabledModelsRequest__Output } from '../../../modelgate/relay/v1/ListEnabledModelsRequest';
import type { ListEnabledModelsResponse as _modelgate_relay_v1_ListEnabledModelsResponse, ListEnabledModelsResponse__Output as _modelgate_relay_v1_ListEnabledModelsResponse__Output } from '../../../modelgate/relay/v1/ListEnabledModelsResponse';

/**
 * RelayService exposes the relay's channel and model catalogue to the other services.
 */
export interface RelayServiceClient extends grpc.Client {
  /**
   * ListEnabledModels returns the models that at least one enabled channel serves.
   */
  ListEnabledModels(argument: _modelgate_relay_v1_ListEnabledModelsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_ListEnabledModelsResponse__Output>): grpc.ClientUnaryCall;
  ListEnabledModels(argument: _modelgate_relay_v1_ListEnabledModelsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_ListEnabledModelsResponse__Output>): grpc.ClientUnaryCall;
  ListEnabledModels(argument: _modelgate_relay_v1_ListEnabledModelsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_ListEnabledModelsResponse__Output>): grpc.ClientUnaryCall;
  ListEnabledModels(argument: _modelgate_relay_v1_ListEnabledModelsRequest, callback: grpc.requestCallback<_modelgate_relay_v1_ListEnabledModelsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * ListEnabledModels returns the models that at least one enabled channel serves.
   */
  listEnabledModels(argument: _modelgate_relay_v1_ListEnabledModelsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_ListEnabledModelsResponse__Output>): grpc.ClientUnaryCall;
  listEnabledModels(argument: _modelgate_relay_v1_ListEnabledModelsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_ListEnabledModelsResponse__Output>): grpc.ClientUnaryCall;
  listEnabledModels(argument: _modelgate_relay_v1_ListEnabledModelsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_ListEnabledModelsResponse__Output>): grpc.ClientUnaryCall;
  listEnabledModels(argument: _modelgate_relay_v1_ListEnabledModelsRequest, callback: grpc.requestCallback<_modelgate_relay_v1_ListEnabledModelsResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * RelayService exposes the relay's channel and model catalogue to the other services.
 */
export interface RelayServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * ListEnabledModels returns the models that at least one enabled channel serves.
   */
  ListEnabledModels: grpc.handleUnaryCall<_modelgate_relay_v1_ListEnabledModelsRequest__Output, _modelgate_relay_v1_ListEnabledModelsResponse>;
  
}

export interface RelayServiceDefinition extends grpc.ServiceDefinition {
  ListEnabledModels: MethodDefinition<_modelgate_relay_v1_ListEnabledModelsRequest, _modelgate_relay_v1_ListEnabledModelsResponse, _modelgate_relay_v1_ListEnabledModelsRequest__Output, _modelgate_relay_v1_ListEnabledModelsResponse__Output>
}
