// Original file: proto/modelgate/relay/v1/channel_probe_service.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { TestAllChannelsRequest as _modelgate_relay_v1_TestAllChannelsRequest, TestAllChannelsRequest__Output as _modelgate_relay_v1_TestAllChannelsRequest__Output } from '../../../modelgate/relay/v1/TestAllChannelsRequest';
import type { TestAllChannelsResponse as _modelgate_relay_v1_TestAllChannelsResponse, TestAllChannelsResponse__Output as _modelgate_relay_v1_TestAllChannelsResponse__Output } from '../../../modelgate/relay/v1/TestAllChannelsResponse';
import type { TestChannelRequest as _modelgate_relay_v1_TestChannelRequest, TestChannelRequest__Output as _modelgate_relay_v1_TestChannelRequest__Output } from '../../../modelgate/relay/v1/TestChannelRequest';
import type { TestChannelResponse as _modelgate_relay_v1_TestChannelResponse, TestChannelResponse__Output as _modelgate_relay_v1_TestChannelResponse__Output } from '../../../modelgate/relay/v1/TestChannelResponse';
import type { UpdateAllBalancesRequest as _modelgate_relay_v1_UpdateAllBalancesRequest, UpdateAllBalancesRequest__Output as _modelgate_relay_v1_UpdateAllBalancesRequest__Output } from '../../../modelgate/relay/v1/UpdateAllBalancesRequest';
import type { UpdateAllBalancesResponse as _modelgate_relay_v1_UpdateAllBalancesResponse, UpdateAllBalancesResponse__Output as _modelgate_relay_v1_UpdateAllBalancesResponse__Output } from '../../../modelgate/relay/v1/UpdateAllBalancesResponse';
import type { UpdateBalanceRequest as _modelgate_relay_v1_UpdateBalanceRequest, UpdateBalanceRequest__Output as _modelgate_relay_v1_UpdateBalanceRequest__Output } from '../../../modelgate/relay/v1/UpdateBalanceRequest';
import type { UpdateBalanceResponse as _modelgate_relay_v1_UpdateBalanceResponse, UpdateBalanceResponse__Output as _modelgate_relay_v1_UpdateBalanceResponse__Output } from '../../../modelgate/relay/v1/UpdateBalanceResponse';

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
export interface ChannelProbeServiceClient extends grpc.Client {
  /**
   * TestAllChannels starts testing every testable channel in the background and answers at once.
   * FAILED_PRECONDITION ("测试已在运行中") while a run started on this replica is still going.
   */
  TestAllChannels(argument: _modelgate_relay_v1_TestAllChannelsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_TestAllChannelsResponse__Output>): grpc.ClientUnaryCall;
  TestAllChannels(argument: _modelgate_relay_v1_TestAllChannelsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_TestAllChannelsResponse__Output>): grpc.ClientUnaryCall;
  TestAllChannels(argument: _modelgate_relay_v1_TestAllChannelsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_TestAllChannelsResponse__Output>): grpc.ClientUnaryCall;
  TestAllChannels(argument: _modelgate_relay_v1_TestAllChannelsRequest, callback: grpc.requestCallback<_modelgate_relay_v1_TestAllChannelsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * TestAllChannels starts testing every testable channel in the background and answers at once.
   * FAILED_PRECONDITION ("测试已在运行中") while a run started on this replica is still going.
   */
  testAllChannels(argument: _modelgate_relay_v1_TestAllChannelsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_TestAllChannelsResponse__Output>): grpc.ClientUnaryCall;
  testAllChannels(argument: _modelgate_relay_v1_TestAllChannelsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_TestAllChannelsResponse__Output>): grpc.ClientUnaryCall;
  testAllChannels(argument: _modelgate_relay_v1_TestAllChannelsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_TestAllChannelsResponse__Output>): grpc.ClientUnaryCall;
  testAllChannels(argument: _modelgate_relay_v1_TestAllChannelsRequest, callback: grpc.requestCallback<_modelgate_relay_v1_TestAllChannelsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * TestChannel sends one minimal request (chat, or embeddings for embedding models) to the
   * channel's upstream, whatever the channel's status, and records the time it took.
   */
  TestChannel(argument: _modelgate_relay_v1_TestChannelRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_TestChannelResponse__Output>): grpc.ClientUnaryCall;
  TestChannel(argument: _modelgate_relay_v1_TestChannelRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_TestChannelResponse__Output>): grpc.ClientUnaryCall;
  TestChannel(argument: _modelgate_relay_v1_TestChannelRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_TestChannelResponse__Output>): grpc.ClientUnaryCall;
  TestChannel(argument: _modelgate_relay_v1_TestChannelRequest, callback: grpc.requestCallback<_modelgate_relay_v1_TestChannelResponse__Output>): grpc.ClientUnaryCall;
  /**
   * TestChannel sends one minimal request (chat, or embeddings for embedding models) to the
   * channel's upstream, whatever the channel's status, and records the time it took.
   */
  testChannel(argument: _modelgate_relay_v1_TestChannelRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_TestChannelResponse__Output>): grpc.ClientUnaryCall;
  testChannel(argument: _modelgate_relay_v1_TestChannelRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_TestChannelResponse__Output>): grpc.ClientUnaryCall;
  testChannel(argument: _modelgate_relay_v1_TestChannelRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_TestChannelResponse__Output>): grpc.ClientUnaryCall;
  testChannel(argument: _modelgate_relay_v1_TestChannelRequest, callback: grpc.requestCallback<_modelgate_relay_v1_TestChannelResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * UpdateAllBalances reads the balance of every enabled channel whose type has a balance query,
   * a few at a time, and answers when all are done. A read of zero or less disables the channel
   * (status 3, reason "insufficient balance") when AutomaticDisableChannelEnabled and the
   * channel's auto_ban are on. A call made while a run is going waits for that run's result.
   */
  UpdateAllBalances(argument: _modelgate_relay_v1_UpdateAllBalancesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_UpdateAllBalancesResponse__Output>): grpc.ClientUnaryCall;
  UpdateAllBalances(argument: _modelgate_relay_v1_UpdateAllBalancesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_UpdateAllBalancesResponse__Output>): grpc.ClientUnaryCall;
  UpdateAllBalances(argument: _modelgate_relay_v1_UpdateAllBalancesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_UpdateAllBalancesResponse__Output>): grpc.ClientUnaryCall;
  UpdateAllBalances(argument: _modelgate_relay_v1_UpdateAllBalancesRequest, callback: grpc.requestCallback<_modelgate_relay_v1_UpdateAllBalancesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * UpdateAllBalances reads the balance of every enabled channel whose type has a balance query,
   * a few at a time, and answers when all are done. A read of zero or less disables the channel
   * (status 3, reason "insufficient balance") when AutomaticDisableChannelEnabled and the
   * channel's auto_ban are on. A call made while a run is going waits for that run's result.
   */
  updateAllBalances(argument: _modelgate_relay_v1_UpdateAllBalancesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_UpdateAllBalancesResponse__Output>): grpc.ClientUnaryCall;
  updateAllBalances(argument: _modelgate_relay_v1_UpdateAllBalancesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_UpdateAllBalancesResponse__Output>): grpc.ClientUnaryCall;
  updateAllBalances(argument: _modelgate_relay_v1_UpdateAllBalancesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_UpdateAllBalancesResponse__Output>): grpc.ClientUnaryCall;
  updateAllBalances(argument: _modelgate_relay_v1_UpdateAllBalancesRequest, callback: grpc.requestCallback<_modelgate_relay_v1_UpdateAllBalancesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * UpdateBalance reads one channel's balance from its provider and stores it.
   */
  UpdateBalance(argument: _modelgate_relay_v1_UpdateBalanceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_UpdateBalanceResponse__Output>): grpc.ClientUnaryCall;
  UpdateBalance(argument: _modelgate_relay_v1_UpdateBalanceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_UpdateBalanceResponse__Output>): grpc.ClientUnaryCall;
  UpdateBalance(argument: _modelgate_relay_v1_UpdateBalanceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_UpdateBalanceResponse__Output>): grpc.ClientUnaryCall;
  UpdateBalance(argument: _modelgate_relay_v1_UpdateBalanceRequest, callback: grpc.requestCallback<_modelgate_relay_v1_UpdateBalanceResponse__Output>): grpc.ClientUnaryCall;
  /**
   * UpdateBalance reads one channel's balance from its provider and stores it.
   */
  updateBalance(argument: _modelgate_relay_v1_UpdateBalanceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_UpdateBalanceResponse__Output>): grpc.ClientUnaryCall;
  updateBalance(argument: _modelgate_relay_v1_UpdateBalanceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_UpdateBalanceResponse__Output>): grpc.ClientUnaryCall;
  updateBalance(argument: _modelgate_relay_v1_UpdateBalanceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_UpdateBalanceResponse__Output>): grpc.ClientUnaryCall;
  updateBalance(argument: _modelgate_relay_v1_UpdateBalanceRequest, callback: grpc.requestCallback<_modelgate_relay_v1_UpdateBalanceResponse__Output>): grpc.ClientUnaryCall;
  
}

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
export interface ChannelProbeServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * TestAllChannels starts testing every testable channel in the background and answers at once.
   * FAILED_PRECONDITION ("测试已在运行中") while a run started on this replica is still going.
   */
  TestAllChannels: grpc.handleUnaryCall<_modelgate_relay_v1_TestAllChannelsRequest__Output, _modelgate_relay_v1_TestAllChannelsResponse>;
  
  /**
   * TestChannel sends one minimal request (chat, or embeddings for embedding models) to the
   * channel's upstream, whatever the channel's status, and records the time it took.
   */
  TestChannel: grpc.handleUnaryCall<_modelgate_relay_v1_TestChannelRequest__Output, _modelgate_relay_v1_TestChannelResponse>;
  
  /**
   * UpdateAllBalances reads the balance of every enabled channel whose type has a balance query,
   * a few at a time, and answers when all are done. A read of zero or less disables the channel
   * (status 3, reason "insufficient balance") when AutomaticDisableChannelEnabled and the
   * channel's auto_ban are on. A call made while a run is going waits for that run's result.
   */
  UpdateAllBalances: grpc.handleUnaryCall<_modelgate_relay_v1_UpdateAllBalancesRequest__Output, _modelgate_relay_v1_UpdateAllBalancesResponse>;
  
  /**
   * UpdateBalance reads one channel's balance from its provider and stores it.
   */
  UpdateBalance: grpc.handleUnaryCall<_modelgate_relay_v1_UpdateBalanceRequest__Output, _modelgate_relay_v1_UpdateBalanceResponse>;
  
}

export interface ChannelProbeServiceDefinition extends grpc.ServiceDefinition {
  TestAllChannels: MethodDefinition<_modelgate_relay_v1_TestAllChannelsRequest, _modelgate_relay_v1_TestAllChannelsResponse, _modelgate_relay_v1_TestAllChannelsRequest__Output, _modelgate_relay_v1_TestAllChannelsResponse__Output>
  TestChannel: MethodDefinition<_modelgate_relay_v1_TestChannelRequest, _modelgate_relay_v1_TestChannelResponse, _modelgate_relay_v1_TestChannelRequest__Output, _modelgate_relay_v1_TestChannelResponse__Output>
  UpdateAllBalances: MethodDefinition<_modelgate_relay_v1_UpdateAllBalancesRequest, _modelgate_relay_v1_UpdateAllBalancesResponse, _modelgate_relay_v1_UpdateAllBalancesRequest__Output, _modelgate_relay_v1_UpdateAllBalancesResponse__Output>
  UpdateBalance: MethodDefinition<_modelgate_relay_v1_UpdateBalanceRequest, _modelgate_relay_v1_UpdateBalanceResponse, _modelgate_relay_v1_UpdateBalanceRequest__Output, _modelgate_relay_v1_UpdateBalanceResponse__Output>
}
