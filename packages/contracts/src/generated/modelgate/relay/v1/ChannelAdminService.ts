// Original file: proto/modelgate/relay/v1/channel_admin_service.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateChannelsRequest as _modelgate_relay_v1_CreateChannelsRequest, CreateChannelsRequest__Output as _modelgate_relay_v1_CreateChannelsRequest__Output } from '../../../modelgate/relay/v1/CreateChannelsRequest';
import type { CreateChannelsResponse as _modelgate_relay_v1_CreateChannelsResponse, CreateChannelsResponse__Output as _modelgate_relay_v1_CreateChannelsResponse__Output } from '../../../modelgate/relay/v1/CreateChannelsResponse';
import type { DeleteChannelRequest as _modelgate_relay_v1_DeleteChannelRequest, DeleteChannelRequest__Output as _modelgate_relay_v1_DeleteChannelRequest__Output } from '../../../modelgate/relay/v1/DeleteChannelRequest';
import type { DeleteChannelResponse as _modelgate_relay_v1_DeleteChannelResponse, DeleteChannelResponse__Output as _modelgate_relay_v1_DeleteChannelResponse__Output } from '../../../modelgate/relay/v1/DeleteChannelResponse';
import type { DeleteChannelsRequest as _modelgate_relay_v1_DeleteChannelsRequest, DeleteChannelsRequest__Output as _modelgate_relay_v1_DeleteChannelsRequest__Output } from '../../../modelgate/relay/v1/DeleteChannelsRequest';
import type { DeleteChannelsResponse as _modelgate_relay_v1_DeleteChannelsResponse, DeleteChannelsResponse__Output as _modelgate_relay_v1_DeleteChannelsResponse__Output } from '../../../modelgate/relay/v1/DeleteChannelsResponse';
import type { DeleteDisabledChannelsRequest as _modelgate_relay_v1_DeleteDisabledChannelsRequest, DeleteDisabledChannelsRequest__Output as _modelgate_relay_v1_DeleteDisabledChannelsRequest__Output } from '../../../modelgate/relay/v1/DeleteDisabledChannelsRequest';
import type { DeleteDisabledChannelsResponse as _modelgate_relay_v1_DeleteDisabledChannelsResponse, DeleteDisabledChannelsResponse__Output as _modelgate_relay_v1_DeleteDisabledChannelsResponse__Output } from '../../../modelgate/relay/v1/DeleteDisabledChannelsResponse';
import type { EditTagRequest as _modelgate_relay_v1_EditTagRequest, EditTagRequest__Output as _modelgate_relay_v1_EditTagRequest__Output } from '../../../modelgate/relay/v1/EditTagRequest';
import type { EditTagResponse as _modelgate_relay_v1_EditTagResponse, EditTagResponse__Output as _modelgate_relay_v1_EditTagResponse__Output } from '../../../modelgate/relay/v1/EditTagResponse';
import type { FetchUpstreamModelsRequest as _modelgate_relay_v1_FetchUpstreamModelsRequest, FetchUpstreamModelsRequest__Output as _modelgate_relay_v1_FetchUpstreamModelsRequest__Output } from '../../../modelgate/relay/v1/FetchUpstreamModelsRequest';
import type { FetchUpstreamModelsResponse as _modelgate_relay_v1_FetchUpstreamModelsResponse, FetchUpstreamModelsResponse__Output as _modelgate_relay_v1_FetchUpstreamModelsResponse__Output } from '../../../modelgate/relay/v1/FetchUpstreamModelsResponse';
import type { FixAbilitiesRequest as _modelgate_relay_v1_FixAbilitiesRequest, FixAbilitiesRequest__Output as _modelgate_relay_v1_FixAbilitiesRequest__Output } from '../../../modelgate/relay/v1/FixAbilitiesRequest';
import type { FixAbilitiesResponse as _modelgate_relay_v1_FixAbilitiesResponse, FixAbilitiesResponse__Output as _modelgate_relay_v1_FixAbilitiesResponse__Output } from '../../../modelgate/relay/v1/FixAbilitiesResponse';
import type { GetChannelRequest as _modelgate_relay_v1_GetChannelRequest, GetChannelRequest__Output as _modelgate_relay_v1_GetChannelRequest__Output } from '../../../modelgate/relay/v1/GetChannelRequest';
import type { GetChannelResponse as _modelgate_relay_v1_GetChannelResponse, GetChannelResponse__Output as _modelgate_relay_v1_GetChannelResponse__Output } from '../../../modelgate/relay/v1/GetChannelResponse';
import type { ListChannelsRequest as _modelgate_relay_v1_ListChannelsRequest, ListChannelsRequest__Output as _modelgate_relay_v1_ListChannelsRequest__Output } from '../../../modelgate/relay/v1/ListChannelsRequest';
import type { ListChannelsResponse as _modelgate_relay_v1_ListChannelsResponse, ListChannelsResponse__Output as _modelgate_relay_v1_ListChannelsResponse__Output } from '../../../modelgate/relay/v1/ListChannelsResponse';
import type { ListDefaultModelsRequest as _modelgate_relay_v1_ListDefaultModelsRequest, ListDefaultModelsRequest__Output as _modelgate_relay_v1_ListDefaultModelsRequest__Output } from '../../../modelgate/relay/v1/ListDefaultModelsRequest';
import type { ListDefaultModelsResponse as _modelgate_relay_v1_ListDefaultModelsResponse, ListDefaultModelsResponse__Output as _modelgate_relay_v1_ListDefaultModelsResponse__Output } from '../../../modelgate/relay/v1/ListDefaultModelsResponse';
import type { ListModelsRequest as _modelgate_relay_v1_ListModelsRequest, ListModelsRequest__Output as _modelgate_relay_v1_ListModelsRequest__Output } from '../../../modelgate/relay/v1/ListModelsRequest';
import type { ListModelsResponse as _modelgate_relay_v1_ListModelsResponse, ListModelsResponse__Output as _modelgate_relay_v1_ListModelsResponse__Output } from '../../../modelgate/relay/v1/ListModelsResponse';
import type { SetTagStatusRequest as _modelgate_relay_v1_SetTagStatusRequest, SetTagStatusRequest__Output as _modelgate_relay_v1_SetTagStatusRequest__Output } from '../../../modelgate/relay/v1/SetTagStatusRequest';
import type { SetTagStatusResponse as _modelgate_relay_v1_SetTagStatusResponse, SetTagStatusResponse__Output as _modelgate_relay_v1_SetTagStatusResponse__Output } from '../../../modelgate/relay/v1/SetTagStatusResponse';
import type { TagChannelsRequest as _modelgate_relay_v1_TagChannelsRequest, TagChannelsRequest__Output as _modelgate_relay_v1_TagChannelsRequest__Output } from '../../../modelgate/relay/v1/TagChannelsRequest';
import type { TagChannelsResponse as _modelgate_relay_v1_TagChannelsResponse, TagChannelsResponse__Output as _modelgate_relay_v1_TagChannelsResponse__Output } from '../../../modelgate/relay/v1/TagChannelsResponse';
import type { UpdateChannelRequest as _modelgate_relay_v1_UpdateChannelRequest, UpdateChannelRequest__Output as _modelgate_relay_v1_UpdateChannelRequest__Output } from '../../../modelgate/relay/v1/UpdateChannelRequest';
import type { UpdateChannelResponse as _modelgate_relay_v1_UpdateChannelResponse, UpdateChannelResponse__Output as _modelgate_relay_v1_UpdateChannelResponse__Output } from '../../../modelgate/relay/v1/UpdateChannelResponse';

/**
 * ChannelAdminService is what admins do with upstream channels. Edge calls it after checking the
 * caller is an admin; relay writes through `@modelgate/channels` (the module the Kubernetes
 * operator uses too): every write changes the channel rows and their abilities in one
 * transaction, then announces `modelgate.evt.config.channel.changed`.
 * 
 * Errors: INVALID_ARGUMENT with the message the console shows (spec §5 "Channels"); NOT_FOUND
 * for an unknown channel or tag; FAILED_PRECONDITION when a change touches a channel managed by
 * a Kubernetes resource (only enabling and disabling it is allowed), or when an upstream's model
 * list cannot be fetched.
 */
export interface ChannelAdminServiceClient extends grpc.Client {
  /**
   * CreateChannels adds one channel per line of a multi-line key (one for a service-account
   * JSON key), all in one transaction.
   */
  CreateChannels(argument: _modelgate_relay_v1_CreateChannelsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_CreateChannelsResponse__Output>): grpc.ClientUnaryCall;
  CreateChannels(argument: _modelgate_relay_v1_CreateChannelsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_CreateChannelsResponse__Output>): grpc.ClientUnaryCall;
  CreateChannels(argument: _modelgate_relay_v1_CreateChannelsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_CreateChannelsResponse__Output>): grpc.ClientUnaryCall;
  CreateChannels(argument: _modelgate_relay_v1_CreateChannelsRequest, callback: grpc.requestCallback<_modelgate_relay_v1_CreateChannelsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * CreateChannels adds one channel per line of a multi-line key (one for a service-account
   * JSON key), all in one transaction.
   */
  createChannels(argument: _modelgate_relay_v1_CreateChannelsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_CreateChannelsResponse__Output>): grpc.ClientUnaryCall;
  createChannels(argument: _modelgate_relay_v1_CreateChannelsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_CreateChannelsResponse__Output>): grpc.ClientUnaryCall;
  createChannels(argument: _modelgate_relay_v1_CreateChannelsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_CreateChannelsResponse__Output>): grpc.ClientUnaryCall;
  createChannels(argument: _modelgate_relay_v1_CreateChannelsRequest, callback: grpc.requestCallback<_modelgate_relay_v1_CreateChannelsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * DeleteChannel deletes one channel and its abilities.
   */
  DeleteChannel(argument: _modelgate_relay_v1_DeleteChannelRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_DeleteChannelResponse__Output>): grpc.ClientUnaryCall;
  DeleteChannel(argument: _modelgate_relay_v1_DeleteChannelRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_DeleteChannelResponse__Output>): grpc.ClientUnaryCall;
  DeleteChannel(argument: _modelgate_relay_v1_DeleteChannelRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_DeleteChannelResponse__Output>): grpc.ClientUnaryCall;
  DeleteChannel(argument: _modelgate_relay_v1_DeleteChannelRequest, callback: grpc.requestCallback<_modelgate_relay_v1_DeleteChannelResponse__Output>): grpc.ClientUnaryCall;
  /**
   * DeleteChannel deletes one channel and its abilities.
   */
  deleteChannel(argument: _modelgate_relay_v1_DeleteChannelRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_DeleteChannelResponse__Output>): grpc.ClientUnaryCall;
  deleteChannel(argument: _modelgate_relay_v1_DeleteChannelRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_DeleteChannelResponse__Output>): grpc.ClientUnaryCall;
  deleteChannel(argument: _modelgate_relay_v1_DeleteChannelRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_DeleteChannelResponse__Output>): grpc.ClientUnaryCall;
  deleteChannel(argument: _modelgate_relay_v1_DeleteChannelRequest, callback: grpc.requestCallback<_modelgate_relay_v1_DeleteChannelResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * DeleteChannels deletes the named channels that exist.
   */
  DeleteChannels(argument: _modelgate_relay_v1_DeleteChannelsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_DeleteChannelsResponse__Output>): grpc.ClientUnaryCall;
  DeleteChannels(argument: _modelgate_relay_v1_DeleteChannelsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_DeleteChannelsResponse__Output>): grpc.ClientUnaryCall;
  DeleteChannels(argument: _modelgate_relay_v1_DeleteChannelsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_DeleteChannelsResponse__Output>): grpc.ClientUnaryCall;
  DeleteChannels(argument: _modelgate_relay_v1_DeleteChannelsRequest, callback: grpc.requestCallback<_modelgate_relay_v1_DeleteChannelsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * DeleteChannels deletes the named channels that exist.
   */
  deleteChannels(argument: _modelgate_relay_v1_DeleteChannelsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_DeleteChannelsResponse__Output>): grpc.ClientUnaryCall;
  deleteChannels(argument: _modelgate_relay_v1_DeleteChannelsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_DeleteChannelsResponse__Output>): grpc.ClientUnaryCall;
  deleteChannels(argument: _modelgate_relay_v1_DeleteChannelsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_DeleteChannelsResponse__Output>): grpc.ClientUnaryCall;
  deleteChannels(argument: _modelgate_relay_v1_DeleteChannelsRequest, callback: grpc.requestCallback<_modelgate_relay_v1_DeleteChannelsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * DeleteDisabledChannels deletes every disabled (2) and auto-disabled (3) console channel.
   */
  DeleteDisabledChannels(argument: _modelgate_relay_v1_DeleteDisabledChannelsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_DeleteDisabledChannelsResponse__Output>): grpc.ClientUnaryCall;
  DeleteDisabledChannels(argument: _modelgate_relay_v1_DeleteDisabledChannelsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_DeleteDisabledChannelsResponse__Output>): grpc.ClientUnaryCall;
  DeleteDisabledChannels(argument: _modelgate_relay_v1_DeleteDisabledChannelsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_DeleteDisabledChannelsResponse__Output>): grpc.ClientUnaryCall;
  DeleteDisabledChannels(argument: _modelgate_relay_v1_DeleteDisabledChannelsRequest, callback: grpc.requestCallback<_modelgate_relay_v1_DeleteDisabledChannelsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * DeleteDisabledChannels deletes every disabled (2) and auto-disabled (3) console channel.
   */
  deleteDisabledChannels(argument: _modelgate_relay_v1_DeleteDisabledChannelsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_DeleteDisabledChannelsResponse__Output>): grpc.ClientUnaryCall;
  deleteDisabledChannels(argument: _modelgate_relay_v1_DeleteDisabledChannelsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_DeleteDisabledChannelsResponse__Output>): grpc.ClientUnaryCall;
  deleteDisabledChannels(argument: _modelgate_relay_v1_DeleteDisabledChannelsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_DeleteDisabledChannelsResponse__Output>): grpc.ClientUnaryCall;
  deleteDisabledChannels(argument: _modelgate_relay_v1_DeleteDisabledChannelsRequest, callback: grpc.requestCallback<_modelgate_relay_v1_DeleteDisabledChannelsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * EditTag overwrites fields of every channel of a tag (spec §5 tag rules).
   */
  EditTag(argument: _modelgate_relay_v1_EditTagRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_EditTagResponse__Output>): grpc.ClientUnaryCall;
  EditTag(argument: _modelgate_relay_v1_EditTagRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_EditTagResponse__Output>): grpc.ClientUnaryCall;
  EditTag(argument: _modelgate_relay_v1_EditTagRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_EditTagResponse__Output>): grpc.ClientUnaryCall;
  EditTag(argument: _modelgate_relay_v1_EditTagRequest, callback: grpc.requestCallback<_modelgate_relay_v1_EditTagResponse__Output>): grpc.ClientUnaryCall;
  /**
   * EditTag overwrites fields of every channel of a tag (spec §5 tag rules).
   */
  editTag(argument: _modelgate_relay_v1_EditTagRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_EditTagResponse__Output>): grpc.ClientUnaryCall;
  editTag(argument: _modelgate_relay_v1_EditTagRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_EditTagResponse__Output>): grpc.ClientUnaryCall;
  editTag(argument: _modelgate_relay_v1_EditTagRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_EditTagResponse__Output>): grpc.ClientUnaryCall;
  editTag(argument: _modelgate_relay_v1_EditTagRequest, callback: grpc.requestCallback<_modelgate_relay_v1_EditTagResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * FetchUpstreamModels asks an upstream for its model list (`GET {base}/v1/models`), for a
   * stored channel or for the fields of one being created. FAILED_PRECONDITION with a readable
   * message when the upstream cannot be reached, times out or refuses.
   */
  FetchUpstreamModels(argument: _modelgate_relay_v1_FetchUpstreamModelsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_FetchUpstreamModelsResponse__Output>): grpc.ClientUnaryCall;
  FetchUpstreamModels(argument: _modelgate_relay_v1_FetchUpstreamModelsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_FetchUpstreamModelsResponse__Output>): grpc.ClientUnaryCall;
  FetchUpstreamModels(argument: _modelgate_relay_v1_FetchUpstreamModelsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_FetchUpstreamModelsResponse__Output>): grpc.ClientUnaryCall;
  FetchUpstreamModels(argument: _modelgate_relay_v1_FetchUpstreamModelsRequest, callback: grpc.requestCallback<_modelgate_relay_v1_FetchUpstreamModelsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * FetchUpstreamModels asks an upstream for its model list (`GET {base}/v1/models`), for a
   * stored channel or for the fields of one being created. FAILED_PRECONDITION with a readable
   * message when the upstream cannot be reached, times out or refuses.
   */
  fetchUpstreamModels(argument: _modelgate_relay_v1_FetchUpstreamModelsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_FetchUpstreamModelsResponse__Output>): grpc.ClientUnaryCall;
  fetchUpstreamModels(argument: _modelgate_relay_v1_FetchUpstreamModelsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_FetchUpstreamModelsResponse__Output>): grpc.ClientUnaryCall;
  fetchUpstreamModels(argument: _modelgate_relay_v1_FetchUpstreamModelsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_FetchUpstreamModelsResponse__Output>): grpc.ClientUnaryCall;
  fetchUpstreamModels(argument: _modelgate_relay_v1_FetchUpstreamModelsRequest, callback: grpc.requestCallback<_modelgate_relay_v1_FetchUpstreamModelsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * FixAbilities rebuilds the whole abilities table from the channels.
   */
  FixAbilities(argument: _modelgate_relay_v1_FixAbilitiesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_FixAbilitiesResponse__Output>): grpc.ClientUnaryCall;
  FixAbilities(argument: _modelgate_relay_v1_FixAbilitiesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_FixAbilitiesResponse__Output>): grpc.ClientUnaryCall;
  FixAbilities(argument: _modelgate_relay_v1_FixAbilitiesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_FixAbilitiesResponse__Output>): grpc.ClientUnaryCall;
  FixAbilities(argument: _modelgate_relay_v1_FixAbilitiesRequest, callback: grpc.requestCallback<_modelgate_relay_v1_FixAbilitiesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * FixAbilities rebuilds the whole abilities table from the channels.
   */
  fixAbilities(argument: _modelgate_relay_v1_FixAbilitiesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_FixAbilitiesResponse__Output>): grpc.ClientUnaryCall;
  fixAbilities(argument: _modelgate_relay_v1_FixAbilitiesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_FixAbilitiesResponse__Output>): grpc.ClientUnaryCall;
  fixAbilities(argument: _modelgate_relay_v1_FixAbilitiesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_FixAbilitiesResponse__Output>): grpc.ClientUnaryCall;
  fixAbilities(argument: _modelgate_relay_v1_FixAbilitiesRequest, callback: grpc.requestCallback<_modelgate_relay_v1_FixAbilitiesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * GetChannel returns one channel; its key only when asked for (edge asks only for root).
   */
  GetChannel(argument: _modelgate_relay_v1_GetChannelRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_GetChannelResponse__Output>): grpc.ClientUnaryCall;
  GetChannel(argument: _modelgate_relay_v1_GetChannelRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_GetChannelResponse__Output>): grpc.ClientUnaryCall;
  GetChannel(argument: _modelgate_relay_v1_GetChannelRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_GetChannelResponse__Output>): grpc.ClientUnaryCall;
  GetChannel(argument: _modelgate_relay_v1_GetChannelRequest, callback: grpc.requestCallback<_modelgate_relay_v1_GetChannelResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * ListChannels pages over channels, optionally filtered (the console's list and search). In
   * tag mode every tag is one aggregate entry and untagged channels are entries of their own.
   */
  ListChannels(argument: _modelgate_relay_v1_ListChannelsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_ListChannelsResponse__Output>): grpc.ClientUnaryCall;
  ListChannels(argument: _modelgate_relay_v1_ListChannelsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_ListChannelsResponse__Output>): grpc.ClientUnaryCall;
  ListChannels(argument: _modelgate_relay_v1_ListChannelsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_ListChannelsResponse__Output>): grpc.ClientUnaryCall;
  ListChannels(argument: _modelgate_relay_v1_ListChannelsRequest, callback: grpc.requestCallback<_modelgate_relay_v1_ListChannelsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * ListChannels pages over channels, optionally filtered (the console's list and search). In
   * tag mode every tag is one aggregate entry and untagged channels are entries of their own.
   */
  listChannels(argument: _modelgate_relay_v1_ListChannelsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_ListChannelsResponse__Output>): grpc.ClientUnaryCall;
  listChannels(argument: _modelgate_relay_v1_ListChannelsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_ListChannelsResponse__Output>): grpc.ClientUnaryCall;
  listChannels(argument: _modelgate_relay_v1_ListChannelsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_ListChannelsResponse__Output>): grpc.ClientUnaryCall;
  listChannels(argument: _modelgate_relay_v1_ListChannelsRequest, callback: grpc.requestCallback<_modelgate_relay_v1_ListChannelsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * ListDefaultModels maps each channel type to its default models (`GET /api/models`).
   */
  ListDefaultModels(argument: _modelgate_relay_v1_ListDefaultModelsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_ListDefaultModelsResponse__Output>): grpc.ClientUnaryCall;
  ListDefaultModels(argument: _modelgate_relay_v1_ListDefaultModelsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_ListDefaultModelsResponse__Output>): grpc.ClientUnaryCall;
  ListDefaultModels(argument: _modelgate_relay_v1_ListDefaultModelsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_ListDefaultModelsResponse__Output>): grpc.ClientUnaryCall;
  ListDefaultModels(argument: _modelgate_relay_v1_ListDefaultModelsRequest, callback: grpc.requestCallback<_modelgate_relay_v1_ListDefaultModelsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * ListDefaultModels maps each channel type to its default models (`GET /api/models`).
   */
  listDefaultModels(argument: _modelgate_relay_v1_ListDefaultModelsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_ListDefaultModelsResponse__Output>): grpc.ClientUnaryCall;
  listDefaultModels(argument: _modelgate_relay_v1_ListDefaultModelsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_ListDefaultModelsResponse__Output>): grpc.ClientUnaryCall;
  listDefaultModels(argument: _modelgate_relay_v1_ListDefaultModelsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_ListDefaultModelsResponse__Output>): grpc.ClientUnaryCall;
  listDefaultModels(argument: _modelgate_relay_v1_ListDefaultModelsRequest, callback: grpc.requestCallback<_modelgate_relay_v1_ListDefaultModelsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * ListModels lists every model name the admin may pick: the catalogue's defaults of every
   * channel type plus every model some channel lists.
   */
  ListModels(argument: _modelgate_relay_v1_ListModelsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_ListModelsResponse__Output>): grpc.ClientUnaryCall;
  ListModels(argument: _modelgate_relay_v1_ListModelsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_ListModelsResponse__Output>): grpc.ClientUnaryCall;
  ListModels(argument: _modelgate_relay_v1_ListModelsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_ListModelsResponse__Output>): grpc.ClientUnaryCall;
  ListModels(argument: _modelgate_relay_v1_ListModelsRequest, callback: grpc.requestCallback<_modelgate_relay_v1_ListModelsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * ListModels lists every model name the admin may pick: the catalogue's defaults of every
   * channel type plus every model some channel lists.
   */
  listModels(argument: _modelgate_relay_v1_ListModelsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_ListModelsResponse__Output>): grpc.ClientUnaryCall;
  listModels(argument: _modelgate_relay_v1_ListModelsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_ListModelsResponse__Output>): grpc.ClientUnaryCall;
  listModels(argument: _modelgate_relay_v1_ListModelsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_ListModelsResponse__Output>): grpc.ClientUnaryCall;
  listModels(argument: _modelgate_relay_v1_ListModelsRequest, callback: grpc.requestCallback<_modelgate_relay_v1_ListModelsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * SetTagStatus enables or disables every channel of a tag.
   */
  SetTagStatus(argument: _modelgate_relay_v1_SetTagStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_SetTagStatusResponse__Output>): grpc.ClientUnaryCall;
  SetTagStatus(argument: _modelgate_relay_v1_SetTagStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_SetTagStatusResponse__Output>): grpc.ClientUnaryCall;
  SetTagStatus(argument: _modelgate_relay_v1_SetTagStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_SetTagStatusResponse__Output>): grpc.ClientUnaryCall;
  SetTagStatus(argument: _modelgate_relay_v1_SetTagStatusRequest, callback: grpc.requestCallback<_modelgate_relay_v1_SetTagStatusResponse__Output>): grpc.ClientUnaryCall;
  /**
   * SetTagStatus enables or disables every channel of a tag.
   */
  setTagStatus(argument: _modelgate_relay_v1_SetTagStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_SetTagStatusResponse__Output>): grpc.ClientUnaryCall;
  setTagStatus(argument: _modelgate_relay_v1_SetTagStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_SetTagStatusResponse__Output>): grpc.ClientUnaryCall;
  setTagStatus(argument: _modelgate_relay_v1_SetTagStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_SetTagStatusResponse__Output>): grpc.ClientUnaryCall;
  setTagStatus(argument: _modelgate_relay_v1_SetTagStatusRequest, callback: grpc.requestCallback<_modelgate_relay_v1_SetTagStatusResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * TagChannels sets one tag on the named channels that exist.
   */
  TagChannels(argument: _modelgate_relay_v1_TagChannelsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_TagChannelsResponse__Output>): grpc.ClientUnaryCall;
  TagChannels(argument: _modelgate_relay_v1_TagChannelsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_TagChannelsResponse__Output>): grpc.ClientUnaryCall;
  TagChannels(argument: _modelgate_relay_v1_TagChannelsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_TagChannelsResponse__Output>): grpc.ClientUnaryCall;
  TagChannels(argument: _modelgate_relay_v1_TagChannelsRequest, callback: grpc.requestCallback<_modelgate_relay_v1_TagChannelsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * TagChannels sets one tag on the named channels that exist.
   */
  tagChannels(argument: _modelgate_relay_v1_TagChannelsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_TagChannelsResponse__Output>): grpc.ClientUnaryCall;
  tagChannels(argument: _modelgate_relay_v1_TagChannelsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_TagChannelsResponse__Output>): grpc.ClientUnaryCall;
  tagChannels(argument: _modelgate_relay_v1_TagChannelsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_TagChannelsResponse__Output>): grpc.ClientUnaryCall;
  tagChannels(argument: _modelgate_relay_v1_TagChannelsRequest, callback: grpc.requestCallback<_modelgate_relay_v1_TagChannelsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * UpdateChannel edits one channel; absent or empty fields are unchanged, the key changes only
   * when a non-empty one is sent. Also how a channel is enabled, disabled or re-weighted.
   */
  UpdateChannel(argument: _modelgate_relay_v1_UpdateChannelRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_UpdateChannelResponse__Output>): grpc.ClientUnaryCall;
  UpdateChannel(argument: _modelgate_relay_v1_UpdateChannelRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_UpdateChannelResponse__Output>): grpc.ClientUnaryCall;
  UpdateChannel(argument: _modelgate_relay_v1_UpdateChannelRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_UpdateChannelResponse__Output>): grpc.ClientUnaryCall;
  UpdateChannel(argument: _modelgate_relay_v1_UpdateChannelRequest, callback: grpc.requestCallback<_modelgate_relay_v1_UpdateChannelResponse__Output>): grpc.ClientUnaryCall;
  /**
   * UpdateChannel edits one channel; absent or empty fields are unchanged, the key changes only
   * when a non-empty one is sent. Also how a channel is enabled, disabled or re-weighted.
   */
  updateChannel(argument: _modelgate_relay_v1_UpdateChannelRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_UpdateChannelResponse__Output>): grpc.ClientUnaryCall;
  updateChannel(argument: _modelgate_relay_v1_UpdateChannelRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_modelgate_relay_v1_UpdateChannelResponse__Output>): grpc.ClientUnaryCall;
  updateChannel(argument: _modelgate_relay_v1_UpdateChannelRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_modelgate_relay_v1_UpdateChannelResponse__Output>): grpc.ClientUnaryCall;
  updateChannel(argument: _modelgate_relay_v1_UpdateChannelRequest, callback: grpc.requestCallback<_modelgate_relay_v1_UpdateChannelResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * ChannelAdminService is what admins do with upstream channels. Edge calls it after checking the
 * caller is an admin; relay writes through `@modelgate/channels` (the module the Kubernetes
 * operator uses too): every write changes the channel rows and their abilities in one
 * transaction, then announces `modelgate.evt.config.channel.changed`.
 * 
 * Errors: INVALID_ARGUMENT with the message the console shows (spec §5 "Channels"); NOT_FOUND
 * for an unknown channel or tag; FAILED_PRECONDITION when a change touches a channel managed by
 * a Kubernetes resource (only enabling and disabling it is allowed), or when an upstream's model
 * list cannot be fetched.
 */
export interface ChannelAdminServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * CreateChannels adds one channel per line of a multi-line key (one for a service-account
   * JSON key), all in one transaction.
   */
  CreateChannels: grpc.handleUnaryCall<_modelgate_relay_v1_CreateChannelsRequest__Output, _modelgate_relay_v1_CreateChannelsResponse>;
  
  /**
   * DeleteChannel deletes one channel and its abilities.
   */
  DeleteChannel: grpc.handleUnaryCall<_modelgate_relay_v1_DeleteChannelRequest__Output, _modelgate_relay_v1_DeleteChannelResponse>;
  
  /**
   * DeleteChannels deletes the named channels that exist.
   */
  DeleteChannels: grpc.handleUnaryCall<_modelgate_relay_v1_DeleteChannelsRequest__Output, _modelgate_relay_v1_DeleteChannelsResponse>;
  
  /**
   * DeleteDisabledChannels deletes every disabled (2) and auto-disabled (3) console channel.
   */
  DeleteDisabledChannels: grpc.handleUnaryCall<_modelgate_relay_v1_DeleteDisabledChannelsRequest__Output, _modelgate_relay_v1_DeleteDisabledChannelsResponse>;
  
  /**
   * EditTag overwrites fields of every channel of a tag (spec §5 tag rules).
   */
  EditTag: grpc.handleUnaryCall<_modelgate_relay_v1_EditTagRequest__Output, _modelgate_relay_v1_EditTagResponse>;
  
  /**
   * FetchUpstreamModels asks an upstream for its model list (`GET {base}/v1/models`), for a
   * stored channel or for the fields of one being created. FAILED_PRECONDITION with a readable
   * message when the upstream cannot be reached, times out or refuses.
   */
  FetchUpstreamModels: grpc.handleUnaryCall<_modelgate_relay_v1_FetchUpstreamModelsRequest__Output, _modelgate_relay_v1_FetchUpstreamModelsResponse>;
  
  /**
   * FixAbilities rebuilds the whole abilities table from the channels.
   */
  FixAbilities: grpc.handleUnaryCall<_modelgate_relay_v1_FixAbilitiesRequest__Output, _modelgate_relay_v1_FixAbilitiesResponse>;
  
  /**
   * GetChannel returns one channel; its key only when asked for (edge asks only for root).
   */
  GetChannel: grpc.handleUnaryCall<_modelgate_relay_v1_GetChannelRequest__Output, _modelgate_relay_v1_GetChannelResponse>;
  
  /**
   * ListChannels pages over channels, optionally filtered (the console's list and search). In
   * tag mode every tag is one aggregate entry and untagged channels are entries of their own.
   */
  ListChannels: grpc.handleUnaryCall<_modelgate_relay_v1_ListChannelsRequest__Output, _modelgate_relay_v1_ListChannelsResponse>;
  
  /**
   * ListDefaultModels maps each channel type to its default models (`GET /api/models`).
   */
  ListDefaultModels: grpc.handleUnaryCall<_modelgate_relay_v1_ListDefaultModelsRequest__Output, _modelgate_relay_v1_ListDefaultModelsResponse>;
  
  /**
   * ListModels lists every model name the admin may pick: the catalogue's defaults of every
   * channel type plus every model some channel lists.
   */
  ListModels: grpc.handleUnaryCall<_modelgate_relay_v1_ListModelsRequest__Output, _modelgate_relay_v1_ListModelsResponse>;
  
  /**
   * SetTagStatus enables or disables every channel of a tag.
   */
  SetTagStatus: grpc.handleUnaryCall<_modelgate_relay_v1_SetTagStatusRequest__Output, _modelgate_relay_v1_SetTagStatusResponse>;
  
  /**
   * TagChannels sets one tag on the named channels that exist.
   */
  TagChannels: grpc.handleUnaryCall<_modelgate_relay_v1_TagChannelsRequest__Output, _modelgate_relay_v1_TagChannelsResponse>;
  
  /**
   * UpdateChannel edits one channel; absent or empty fields are unchanged, the key changes only
   * when a non-empty one is sent. Also how a channel is enabled, disabled or re-weighted.
   */
  UpdateChannel: grpc.handleUnaryCall<_modelgate_relay_v1_UpdateChannelRequest__Output, _modelgate_relay_v1_UpdateChannelResponse>;
  
}

export interface ChannelAdminServiceDefinition extends grpc.ServiceDefinition {
  CreateChannels: MethodDefinition<_modelgate_relay_v1_CreateChannelsRequest, _modelgate_relay_v1_CreateChannelsResponse, _modelgate_relay_v1_CreateChannelsRequest__Output, _modelgate_relay_v1_CreateChannelsResponse__Output>
  DeleteChannel: MethodDefinition<_modelgate_relay_v1_DeleteChannelRequest, _modelgate_relay_v1_DeleteChannelResponse, _modelgate_relay_v1_DeleteChannelRequest__Output, _modelgate_relay_v1_DeleteChannelResponse__Output>
  DeleteChannels: MethodDefinition<_modelgate_relay_v1_DeleteChannelsRequest, _modelgate_relay_v1_DeleteChannelsResponse, _modelgate_relay_v1_DeleteChannelsRequest__Output, _modelgate_relay_v1_DeleteChannelsResponse__Output>
  DeleteDisabledChannels: MethodDefinition<_modelgate_relay_v1_DeleteDisabledChannelsRequest, _modelgate_relay_v1_DeleteDisabledChannelsResponse, _modelgate_relay_v1_DeleteDisabledChannelsRequest__Output, _modelgate_relay_v1_DeleteDisabledChannelsResponse__Output>
  EditTag: MethodDefinition<_modelgate_relay_v1_EditTagRequest, _modelgate_relay_v1_EditTagResponse, _modelgate_relay_v1_EditTagRequest__Output, _modelgate_relay_v1_EditTagResponse__Output>
  FetchUpstreamModels: MethodDefinition<_modelgate_relay_v1_FetchUpstreamModelsRequest, _modelgate_relay_v1_FetchUpstreamModelsResponse, _modelgate_relay_v1_FetchUpstreamModelsRequest__Output, _modelgate_relay_v1_FetchUpstreamModelsResponse__Output>
  FixAbilities: MethodDefinition<_modelgate_relay_v1_FixAbilitiesRequest, _modelgate_relay_v1_FixAbilitiesResponse, _modelgate_relay_v1_FixAbilitiesRequest__Output, _modelgate_relay_v1_FixAbilitiesResponse__Output>
  GetChannel: MethodDefinition<_modelgate_relay_v1_GetChannelRequest, _modelgate_relay_v1_GetChannelResponse, _modelgate_relay_v1_GetChannelRequest__Output, _modelgate_relay_v1_GetChannelResponse__Output>
  ListChannels: MethodDefinition<_modelgate_relay_v1_ListChannelsRequest, _modelgate_relay_v1_ListChannelsResponse, _modelgate_relay_v1_ListChannelsRequest__Output, _modelgate_relay_v1_ListChannelsResponse__Output>
  ListDefaultModels: MethodDefinition<_modelgate_relay_v1_ListDefaultModelsRequest, _modelgate_relay_v1_ListDefaultModelsResponse, _modelgate_relay_v1_ListDefaultModelsRequest__Output, _modelgate_relay_v1_ListDefaultModelsResponse__Output>
  ListModels: MethodDefinition<_modelgate_relay_v1_ListModelsRequest, _modelgate_relay_v1_ListModelsResponse, _modelgate_relay_v1_ListModelsRequest__Output, _modelgate_relay_v1_ListModelsResponse__Output>
  SetTagStatus: MethodDefinition<_modelgate_relay_v1_SetTagStatusRequest, _modelgate_relay_v1_SetTagStatusResponse, _modelgate_relay_v1_SetTagStatusRequest__Output, _modelgate_relay_v1_SetTagStatusResponse__Output>
  TagChannels: MethodDefinition<_modelgate_relay_v1_TagChannelsRequest, _modelgate_relay_v1_TagChannelsResponse, _modelgate_relay_v1_TagChannelsRequest__Output, _modelgate_relay_v1_TagChannelsResponse__Output>
  UpdateChannel: MethodDefinition<_modelgate_relay_v1_UpdateChannelRequest, _modelgate_relay_v1_UpdateChannelResponse, _modelgate_relay_v1_UpdateChannelRequest__Output, _modelgate_relay_v1_UpdateChannelResponse__Output>
}
