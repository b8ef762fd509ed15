// Channel probes: channel tests and upstream balance queries. Served by `services/relay` (the only
// service that calls providers) next to `RelayService`.
import { serviceContract } from './contract';
import type {
  ChannelProbeServiceClient,
  ChannelProbeServiceDefinition,
} from './generated/modelgate/relay/v1/ChannelProbeService';
import { loadProto } from './load';

/** `modelgate.relay.v1.ChannelProbeService`: its typed definition (servers) and client class (clients). */
export const channelProbeContract = serviceContract<ChannelProbeServiceDefinition, ChannelProbeServiceClient>(
  loadProto('modelgate/relay/v1/channel_probe_service.proto'),
  'modelgate.relay.v1.ChannelProbeService',
);

export type {
  ChannelProbeServiceClient,
  ChannelProbeServiceDefinition,
} from './generated/modelgate/relay/v1/ChannelProbeService';
// Message types: `X` is what a sender builds, `X__Output` what a receiver gets (int64 as strings).
export type { TestChannelRequest, TestChannelRequest__Output } from './generated/modelgate/relay/v1/TestChannelRequest';
export type {
  TestChannelResponse,
  TestChannelResponse__Output,
} from './generated/modelgate/relay/v1/TestChannelResponse';
export type {
  TestAllChannelsRequest,
  TestAllChannelsRequest__Output,
} from './generated/modelgate/relay/v1/TestAllChannelsRequest';
export type {
  TestAllChannelsResponse,
  TestAllChannelsResponse__Output,
} from './generated/modelgate/relay/v1/TestAllChannelsResponse';
export type {
  UpdateBalanceRequest,
  UpdateBalanceRequest__Output,
} from './generated/modelgate/relay/v1/UpdateBalanceRequest';
export type {
  UpdateBalanceResponse,
  UpdateBalanceResponse__Output,
} from './generated/modelgate/relay/v1/UpdateBalanceResponse';
export type {
  UpdateAllBalancesRequest,
  UpdateAllBalancesRequest__Output,
} from './generated/modelgate/relay/v1/UpdateAllBalancesRequest';
export type {
  UpdateAllBalancesResponse,
  UpdateAllBalancesResponse__Output,
} from './generated/modelgate/relay/v1/UpdateAllBalancesResponse';
