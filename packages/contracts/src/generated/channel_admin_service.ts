import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Channel as _modelgate_relay_v1_Channel, Channel__Output as _modelgate_relay_v1_Channel__Output } from './modelgate/relay/v1/Channel';
import type { ChannelAdminServiceClient as _modelgate_relay_v1_ChannelAdminServiceClient, ChannelAdminServiceDefinition as _modelgate_relay_v1_ChannelAdminServiceDefinition } from './modelgate/relay/v1/ChannelAdminService';
import type { ChannelCircuit as _modelgate_relay_v1_ChannelCircuit, ChannelCircuit__Output as _modelgate_relay_v1_ChannelCircuit__Output } from './modelgate/relay/v1/ChannelCircuit';
import type { ChannelFields as _modelgate_relay_v1_ChannelFields, ChannelFields__Output as _modelgate_relay_v1_ChannelFields__Output } from './modelgate/relay/v1/ChannelFields';
import type { ChannelListEntry as _modelgate_relay_v1_ChannelListEntry, ChannelListEntry__Output as _modelgate_relay_v1_ChannelListEntry__Output } from './modelgate/relay/v1/ChannelListEntry';
import type { CreateChannelsRequest as _modelgate_relay_v1_CreateChannelsRequest, CreateChannelsRequest__Output as _modelgate_relay_v1_CreateChannelsRequest__Output } from './modelgate/relay/v1/CreateChannelsRequest';
import type { CreateChannelsResponse as _modelgate_relay_v1_CreateChannelsResponse, CreateChannelsResponse__Output as _modelgate_relay_v1_CreateChannelsResponse__Output } from './modelgate/relay/v1/CreateChannelsResponse';
import type { DeleteChannelRequest as _modelgate_relay_v1_DeleteChannelRequest, DeleteChannelRequest__Output as _modelgate_relay_v1_DeleteChannelRequest__Output } from './modelgate/relay/v1/DeleteChannelRequest';
import type { DeleteChannelResponse as _modelgate_relay_v1_DeleteChannelResponse, DeleteChannelResponse__Output as _modelgate_relay_v1_DeleteChannelResponse__Output } from './modelgate/relay/v1/DeleteChannelResponse';
import type { DeleteChannelsRequest as _modelgate_relay_v1_DeleteChannelsRequest, DeleteChannelsRequest__Output as _modelgate_relay_v1_DeleteChannelsRequest__Output } from './modelgate/relay/v1/DeleteChannelsRequest';
import type { DeleteChannelsResponse as _modelgate_relay_v1_DeleteChannelsResponse, DeleteChannelsResponse__Output as _modelgate_relay_v1_DeleteChannelsResponse__Output } from './modelgate/relay/v1/DeleteChannelsResponse';
import type { DeleteDisabledChannelsRequest as _modelgate_relay_v1_DeleteDisabledChannelsRequest, DeleteDisabledChannelsRequest__Output as _modelgate_relay_v1_DeleteDisabledChannelsRequest__Output } from './modelgate/relay/v1/DeleteDisabledChannelsRequest';
import type { DeleteDisabledChannelsResponse as _modelgate_relay_v1_DeleteDisabledChannelsResponse, DeleteDisabledChannelsResponse__Output as _modelgate_relay_v1_DeleteDisabledChannelsResponse__Output } from './modelgate/relay/v1/DeleteDisabledChannelsResponse';
import type { EditTagRequest as _modelgate_relay_v1_EditTagRequest, EditTagRequest__Output as _modelgate_relay_v1_EditTagRequest__Output } from './modelgate/relay/v1/EditTagRequest';
import type { EditTagResponse as _modelgate_relay_v1_EditTagResponse, EditTagResponse__Output as _modelgate_relay_v1_EditTagResponse__Output } from './modelgate/relay/v1/EditTagResponse';
import type { FetchUpstreamModelsRequest as _modelgate_relay_v1_FetchUpstreamModelsRequest, FetchUpstreamModelsRequest__Output as _modelgate_relay_v1_FetchUpstreamModelsRequest__Output } from './modelgate/relay/v1/FetchUpstreamModelsRequest';
import type { FetchUpstreamModelsResponse as _modelgate_relay_v1_FetchUpstreamModelsResponse, FetchUpstreamModelsResponse__Output as _modelgate_relay_v1_FetchUpstreamModelsResponse__Output } from './modelgate/relay/v1/FetchUpstreamModelsResponse';
import type { FixAbilitiesRequest as _modelgate_relay_v1_FixAbilitiesRequest, FixAbilitiesRequest__Output as _modelgate_relay_v1_FixAbilitiesRequest__Output } from './modelgate/relay/v1/FixAbilitiesRequest';
import type { FixAbilitiesResponse as _modelgate_relay_v1_FixAbilitiesResponse, FixAbilitiesResponse__Output as _modelgate_relay_v1_FixAbilitiesResponse__Output } from './modelgate/relay/v1/FixAbilitiesResponse';
import type { GetChannelRequest as _modelgate_relay_v1_GetChannelRequest, GetChannelRequest__Output as _modelgate_relay_v1_GetChannelRequest__Output } from './modelgate/relay/v1/GetChannelRequest';
import type { GetChannelResponse as _modelgate_relay_v1_GetChannelResponse, GetChannelResponse__Output as _modelgate_relay_v1_GetChannelResponse__Output } from './modelgate/relay/v1/GetChannelResponse';
import type { ListChannelsRequest as _modelgate_relay_v1_ListChannelsRequest, ListChannelsRequest__Output as _modelgate_relay_v1_ListChannelsRequest__Output } from './modelgate/relay/v1/ListChannelsRequest';
import type { ListChannelsResponse as _modelgate_relay_v1_ListChannelsResponse, ListChannelsResponse__Output as _modelgate_relay_v1_ListChannelsResponse__Output } from './modelgate/relay/v1/ListChannelsResponse';
import type { ListDefaultModelsRequest as _modelgate_relay_v1_ListDefaultModelsRequest, ListDefaultModelsRequest__Output as _modelgate_relay_v1_ListDefaultModelsRequest__Output } from './modelgate/relay/v1/ListDefaultModelsRequest';
import type { ListDefaultModelsResponse as _modelgate_relay_v1_ListDefaultModelsResponse, ListDefaultModelsResponse__Output as _modelgate_relay_v1_ListDefaultModelsResponse__Output } from './modelgate/relay/v1/ListDefaultModelsResponse';
import type { ListModelsRequest as _modelgate_relay_v1_ListModelsRequest, ListModelsRequest__Output as _modelgate_relay_v1_ListModelsRequest__Output } from './modelgate/relay/v1/ListModelsRequest';
import type { ListModelsResponse as _modelgate_relay_v1_ListModelsResponse, ListModelsResponse__Output as _modelgate_relay_v1_ListModelsResponse__Output } from './modelgate/relay/v1/ListModelsResponse';
import type { SetTagStatusRequest as _modelgate_relay_v1_SetTagStatusRequest, SetTagStatusRequest__Output as _modelgate_relay_v1_SetTagStatusRequest__Output } from './modelgate/relay/v1/SetTagStatusRequest';
import type { SetTagStatusResponse as _modelgate_relay_v1_SetTagStatusResponse, SetTagStatusResponse__Output as _modelgate_relay_v1_SetTagStatusResponse__Output } from './modelgate/relay/v1/SetTagStatusResponse';
import type { TagChannelsRequest as _modelgate_relay_v1_TagChannelsRequest, TagChannelsRequest__Output as _modelgate_relay_v1_TagChannelsRequest__Output } from './modelgate/relay/v1/TagChannelsRequest';
import type { TagChannelsResponse as _modelgate_relay_v1_TagChannelsResponse, TagChannelsResponse__Output as _modelgate_relay_v1_TagChannelsResponse__Output } from './modelgate/relay/v1/TagChannelsResponse';
import type { TagGroup as _modelgate_relay_v1_TagGroup, TagGroup__Output as _modelgate_relay_v1_TagGroup__Output } from './modelgate/relay/v1/TagGroup';
import type { TypeModels as _modelgate_relay_v1_TypeModels, TypeModels__Output as _modelgate_relay_v1_TypeModels__Output } from './modelgate/relay/v1/TypeModels';
import type { UpdateChannelRequest as _modelgate_relay_v1_UpdateChannelRequest, UpdateChannelRequest__Output as _modelgate_relay_v1_UpdateChannelRequest__Output } from './modelgate/relay/v1/UpdateChannelRequest';
import type { UpdateChannelResponse as _modelgate_relay_v1_UpdateChannelResponse, UpdateChannelResponse__Output as _modelgate_relay_v1_UpdateChannelResponse__Output } from './modelgate/relay/v1/UpdateChannelResponse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  modelgate: {
    relay: {
      v1: {
        Channel: MessageTypeDefinition<_modelgate_relay_v1_Channel, _modelgate_relay_v1_Channel__Output>
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
        ChannelAdminService: SubtypeConstructor<typeof grpc.Client, _modelgate_relay_v1_ChannelAdminServiceClient> & { service: _modelgate_relay_v1_ChannelAdminServiceDefinition }
        ChannelCircuit: MessageTypeDefinition<_modelgate_relay_v1_ChannelCircuit, _modelgate_relay_v1_ChannelCircuit__Output>
        ChannelFields: MessageTypeDefinition<_modelgate_relay_v1_ChannelFields, _modelgate_relay_v1_ChannelFields__Output>
        ChannelListEntry: MessageTypeDefinition<_modelgate_relay_v1_ChannelListEntry, _modelgate_relay_v1_ChannelListEntry__Output>
        CreateChannelsRequest: MessageTypeDefinition<_modelgate_relay_v1_CreateChannelsRequest, _modelgate_relay_v1_CreateChannelsRequest__Output>
        CreateChannelsResponse: MessageTypeDefinition<_modelgate_relay_v1_CreateChannelsResponse, _modelgate_relay_v1_CreateChannelsResponse__Output>
        DeleteChannelRequest: MessageTypeDefinition<_modelgate_relay_v1_DeleteChannelRequest, _modelgate_relay_v1_DeleteChannelRequest__Output>
        DeleteChannelResponse: MessageTypeDefinition<_modelgate_relay_v1_DeleteChannelResponse, _modelgate_relay_v1_DeleteChannelResponse__Output>
        DeleteChannelsRequest: MessageTypeDefinition<_modelgate_relay_v1_DeleteChannelsRequest, _modelgate_relay_v1_DeleteChannelsRequest__Output>
        DeleteChannelsResponse: MessageTypeDefinition<_modelgate_relay_v1_DeleteChannelsResponse, _modelgate_relay_v1_DeleteChannelsResponse__Output>
        DeleteDisabledChannelsRequest: MessageTypeDefinition<_modelgate_relay_v1_DeleteDisabledChannelsRequest, _modelgate_relay_v1_DeleteDisabledChannelsRequest__Output>
        DeleteDisabledChannelsResponse: MessageTypeDefinition<_modelgate_relay_v1_DeleteDisabledChannelsResponse, _modelgate_relay_v1_DeleteDisabledChannelsResponse__Output>
        EditTagRequest: MessageTypeDefinition<_modelgate_relay_v1_EditTagRequest, _modelgate_relay_v1_EditTagRequest__Output>
        EditTagResponse: MessageTypeDefinition<_modelgate_relay_v1_EditTagResponse, _modelgate_relay_v1_EditTagResponse__Output>
        FetchUpstreamModelsRequest: MessageTypeDefinition<_modelgate_relay_v1_FetchUpstreamModelsRequest, _modelgate_relay_v1_FetchUpstreamModelsRequest__Output>
        FetchUpstreamModelsResponse: MessageTypeDefinition<_modelgate_relay_v1_FetchUpstreamModelsResponse, _modelgate_relay_v1_FetchUpstreamModelsResponse__Output>
        FixAbilitiesRequest: MessageTypeDefinition<_modelgate_relay_v1_FixAbilitiesRequest, _modelgate_relay_v1_FixAbilitiesRequest__Output>
        FixAbilitiesResponse: MessageTypeDefinition<_modelgate_relay_v1_FixAbilitiesResponse, _modelgate_relay_v1_FixAbilitiesResponse__Output>
        GetChannelRequest: MessageTypeDefinition<_modelgate_relay_v1_GetChannelRequest, _modelgate_relay_v1_GetChannelRequest__Output>
        GetChannelResponse: MessageTypeDefinition<_modelgate_relay_v1_GetChannelResponse, _modelgate_relay_v1_GetChannelResponse__Output>
        ListChannelsRequest: MessageTypeDefinition<_modelgate_relay_v1_ListChannelsRequest, _modelgate_relay_v1_ListChannelsRequest__Output>
        ListChannelsResponse: MessageTypeDefinition<_modelgate_relay_v1_ListChannelsResponse, _modelgate_relay_v1_ListChannelsResponse__Output>
        ListDefaultModelsRequest: MessageTypeDefinition<_modelgate_relay_v1_ListDefaultModelsRequest, _modelgate_relay_v1_ListDefaultModelsRequest__Output>
        ListDefaultModelsResponse: MessageTypeDefinition<_modelgate_relay_v1_ListDefaultModelsResponse, _modelgate_relay_v1_ListDefaultModelsResponse__Output>
        ListModelsRequest: MessageTypeDefinition<_modelgate_relay_v1_ListModelsRequest, _modelgate_relay_v1_ListModelsRequest__Output>
        ListModelsResponse: MessageTypeDefinition<_modelgate_relay_v1_ListModelsResponse, _modelgate_relay_v1_ListModelsResponse__Output>
        SetTagStatusRequest: MessageTypeDefinition<_modelgate_relay_v1_SetTagStatusRequest, _modelgate_relay_v1_SetTagStatusRequest__Output>
        SetTagStatusResponse: MessageTypeDefinition<_modelgate_relay_v1_SetTagStatusResponse, _modelgate_relay_v1_SetTagStatusResponse__Output>
        TagChannelsRequest: MessageTypeDefinition<_modelgate_relay_v1_TagChannelsRequest, _modelgate_relay_v1_TagChannelsRequest__Output>
        TagChannelsResponse: MessageTypeDefinition<_modelgate_relay_v1_TagChannelsResponse, _modelgate_relay_v1_TagChannelsResponse__Output>
        TagGroup: MessageTypeDefinition<_modelgate_relay_v1_TagGroup, _modelgate_relay_v1_TagGroup__Output>
        TypeModels: MessageTypeDefinition<_modelgate_relay_v1_TypeModels, _modelgate_relay_v1_TypeModels__Output>
        UpdateChannelRequest: MessageTypeDefinition<_modelgate_relay_v1_UpdateChannelRequest, _modelgate_relay_v1_UpdateChannelRequest__Output>
        UpdateChannelResponse: MessageTypeDefinition<_modelgate_relay_v1_UpdateChannelResponse, _modelgate_relay_v1_UpdateChannelResponse__Output>
      }
    }
  }
}

