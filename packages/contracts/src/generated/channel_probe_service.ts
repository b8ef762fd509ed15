import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { ChannelProbeServiceClient as _modelgate_relay_v1_ChannelProbeServiceClient, ChannelProbeServiceDefinition as _modelgate_relay_v1_ChannelProbeServiceDefinition } from './modelgate/relay/v1/ChannelProbeService';
import type { TestAllChannelsRequest as _modelgate_relay_v1_TestAllChannelsRequest, TestAllChannelsRequest__Output as _modelgate_relay_v1_TestAllChannelsRequest__Output } from './modelgate/relay/v1/TestAllChannelsRequest';
import type { TestAllChannelsResponse as _modelgate_relay_v1_TestAllChannelsResponse, TestAllChannelsResponse__Output as _modelgate_relay_v1_TestAllChannelsResponse__Output } from './modelgate/relay/v1/TestAllChannelsResponse';
import type { TestChannelRequest as _modelgate_relay_v1_TestChannelRequest, TestChannelRequest__Output as _modelgate_relay_v1_TestChannelRequest__Output } from './modelgate/relay/v1/TestChannelRequest';
import type { TestChannelResponse as _modelgate_relay_v1_TestChannelResponse, TestChannelResponse__Output as _modelgate_relay_v1_TestChannelResponse__Output } from './modelgate/relay/v1/TestChannelResponse';
import type { UpdateAllBalancesRequest as _modelgate_relay_v1_UpdateAllBalancesRequest, UpdateAllBalancesRequest__Output as _modelgate_relay_v1_UpdateAllBalancesRequest__Output } from './modelgate/relay/v1/UpdateAllBalancesRequest';
import type { UpdateAllBalancesResponse as _modelgate_relay_v1_UpdateAllBalancesResponse, UpdateAllBalancesResponse__Output as _modelgate_relay_v1_UpdateAllBalancesResponse__Output } from './modelgate/relay/v1/UpdateAllBalancesResponse';
import type { UpdateBalanceRequest as _modelgate_relay_v1_UpdateBalanceRequest, UpdateBalanceRequest__Output as _modelgate_relay_v1_UpdateBalanceRequest__Output } from './modelgate/relay/v1/UpdateBalanceRequest';
import type { UpdateBalanceResponse as _modelgate_relay_v1_UpdateBalanceResponse, UpdateBalanceResponse__Output as _modelgate_relay_v1_UpdateBalanceResponse__Output } from './modelgate/relay/v1/UpdateBalanceResponse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  modelgate: {
    relay: {
      v1: {
        /**
         * ChannelProbeService makes real calls to a channel's upstream provider on an admin's request:
         * a minimal model request to see that the channel answers (and how fast), and the provider's
         * balance endpoint where it has one. Relay records the results in the channel's runtime columns
         * (`response_time`, `test_time`, `balance`, `balance_updated_time`). Test-all and balance
         * updates may also disable or re-enable channels (status 3 / 1, per the options
         * ChannelDisableThreshold, AutomaticDisableChannelEnabled and AutomaticEnableChannelEnabled);
         * every such change is announced on `modelgate.evt.config.channel.changed`.
         * 
         * Errors: INVALID_ARGUMENT for a malformed id; NOT_FOUND when there is no such channel;
         * FAILED_PRECONDITION when the channel's type cannot be tested or has no balance query, or when a
         * test of all channels is already running. An upstream that fails or refuses is not an error of
         * the call: the response says so (`success = false`) with the provider's message.
         */
        ChannelProbeService: SubtypeConstructor<typeof grpc.Client, _modelgate_relay_v1_ChannelProbeServiceClient> & { service: _modelgate_relay_v1_ChannelProbeServiceDefinition }
        TestAllChannelsRequest: MessageTypeDefinition<_modelgate_relay_v1_TestAllChannelsRequest, _modelgate_relay_v1_TestAllChannelsRequest__Output>
        TestAllChannelsResponse: MessageTypeDefinition<_modelgate_relay_v1_TestAllChannelsResponse, _modelgate_relay_v1_TestAllChannelsResponse__Output>
        TestChannelRequest: MessageTypeDefinition<_modelgate_relay_v1_TestChannelRequest, _modelgate_relay_v1_TestChannelRequest__Output>
        TestChannelResponse: MessageTypeDefinition<_modelgate_relay_v1_TestChannelResponse, _modelgate_relay_v1_TestChannelResponse__Output>
        UpdateAllBalancesRequest: MessageTypeDefinition<_modelgate_relay_v1_UpdateAllBalancesRequest, _modelgate_relay_v1_UpdateAllBalancesRequest__Output>
        UpdateAllBalancesResponse: MessageTypeDefinition<_modelgate_relay_v1_UpdateAllBalancesResponse, _modelgate_relay_v1_UpdateAllBalancesResponse__Output>
        UpdateBalanceRequest: MessageTypeDefinition<_modelgate_relay_v1_UpdateBalanceRequest, _modelgate_relay_v1_UpdateBalanceRequest__Output>
        UpdateBalanceResponse: MessageTypeDefinition<_modelgate_relay_v1_UpdateBalanceResponse, _modelgate_relay_v1_UpdateBalanceResponse__Output>
      }
    }
  }
}

