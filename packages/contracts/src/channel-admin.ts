// Channel administration: admins managing upstream channels. Served by `services/relay`.
import { serviceContract } from './contract';
import type {
  ChannelAdminServiceClient,
  ChannelAdminServiceDefinition,
} from './generated/modelgate/relay/v1/ChannelAdminService';
import { loadProto } from './load';

/** `modelgate.relay.v1.ChannelAdminService`: its typed definition (servers) and client class (clients). */
export const channelAdminContract = serviceContract<ChannelAdminServiceDefinition, ChannelAdminServiceClient>(
  loadProto('modelgate/relay/v1/channel_admin_service.proto'),
  'modelgate.relay.v1.ChannelAdminService',
);

export type {
  ChannelAdminServiceClient,
  ChannelAdminServiceDefinition,
} from './generated/modelgate/relay/v1/ChannelAdminService';
// Message types: `X` is what a sender builds (optional fields, int64 as number | string | Long),
// `X__Output` is what a receiver gets (every field present, int64 as a decimal string).
export type { Channel, Channel__Output } from './generated/modelgate/relay/v1/Channel';
export type { ChannelCircuit, ChannelCircuit__Output } from './generated/modelgate/relay/v1/ChannelCircuit';
export type { ChannelFields, ChannelFields__Output } from './generated/modelgate/relay/v1/ChannelFields';
export type { ChannelListEntry, ChannelListEntry__Output } from './generated/modelgate/relay/v1/ChannelListEntry';
export type { TagGroup, TagGroup__Output } from './generated/modelgate/relay/v1/TagGroup';
export type { TypeModels, TypeModels__Output } from './generated/modelgate/relay/v1/TypeModels';
export type {
  ListChannelsRequest,
  ListChannelsRequest__Output,
} from './generated/modelgate/relay/v1/ListChannelsRequest';
export type {
  ListChannelsResponse,
  ListChannelsResponse__Output,
} from './generated/modelgate/relay/v1/ListChannelsResponse';
export type {
  FetchUpstreamModelsRequest,
  FetchUpstreamModelsRequest__Output,
} from './generated/modelgate/relay/v1/FetchUpstreamModelsRequest';
export type { EditTagRequest, EditTagRequest__Output } from './generated/modelgate/relay/v1/EditTagRequest';
