import type { ChannelFieldName, ChannelFieldValues } from '@modelgate/channel-types';
import type { ChannelBody, ChannelJson, FetchModelsBody } from '@modelgate/contracts/api';
import { api } from '../../app/api';
import { reportFailuresInScreen } from '../../app/error-middleware';

/**
 * A channel as the editor reads it: `GET /api/channel/{id}` answers a whole {@link ChannelJson}
 * (spec §3 Channel; the key only on request), but the editor also opens rows it was handed, so
 * beyond the fields that identify a channel any field may be absent, and a field of the channel
 * field list may be null.
 */
export type EditedChannel = Pick<ChannelJson, 'id' | 'type' | 'name' | 'models' | 'group' | 'auto_ban' | 'status'> &
  Partial<{ [K in ChannelFieldName]: ChannelFieldValues[K] | null }> &
  Partial<Omit<ChannelJson, 'id' | ChannelFieldName>>;

/** What the editor writes (`POST /api/channel/`; `PUT` adds `id`): the fields of the one channel field list. */
export type ChannelWrite = ChannelBody;

export type UpstreamModelsRequest = FetchModelsBody;

/** The calls of the channel editor (spec §7 "Channels"). Saving refreshes every channel list. */
export const channelEditorApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEditedChannel: build.query<EditedChannel, number>({
      query: (id) => `api/channel/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Channel', id }],
    }),
    createChannelsFromEditor: build.mutation<EditedChannel[], ChannelWrite>({
      query: (body) => ({ url: 'api/channel/', method: 'POST', body }),
      invalidatesTags: ['Channel', 'Models'],
    }),
    updateChannelFromEditor: build.mutation<EditedChannel, ChannelWrite & { id: number }>({
      query: (body) => ({ url: 'api/channel/', method: 'PUT', body }),
      invalidatesTags: ['Channel', 'Models'],
    }),
    /** Channel type → its default models (`GET /api/models`). */
    getTypeDefaultModels: build.query<Record<string, string[]>, void>({
      query: () => 'api/models',
      providesTags: ['Models'],
    }),
    /** Every model some channel or type knows (`GET /api/channel/models`). */
    getKnownChannelModels: build.query<string[], void>({
      query: () => 'api/channel/models',
      transformResponse: (data: Array<{ id: string }> | null) => (data ?? []).map((model) => model.id),
      providesTags: ['Models'],
    }),
    getChannelGroupNames: build.query<string[], void>({
      query: () => 'api/group/',
      transformResponse: (data: string[] | null) => data ?? [],
      providesTags: ['Groups'],
    }),
    /** The upstream's model list for a channel not yet saved (the server asks the upstream). */
    fetchUpstreamModels: build.mutation<string[], UpstreamModelsRequest>({
      query: (body) => ({ url: 'api/channel/fetch_models', method: 'POST', body }),
    }),
    /** The upstream's model list for a stored channel, with its stored key. */
    fetchStoredChannelModels: build.mutation<string[], number>({
      query: (id) => ({ url: `api/channel/fetch_models/${id}`, method: 'GET' }),
    }),
  }),
});

// The editor says 获取模型列表失败 itself, with the server's detail.
reportFailuresInScreen('fetchUpstreamModels', 'fetchStoredChannelModels');

export const {
  useGetEditedChannelQuery,
  useCreateChannelsFromEditorMutation,
  useUpdateChannelFromEditorMutation,
  useGetTypeDefaultModelsQuery,
  useGetKnownChannelModelsQuery,
  useGetChannelGroupNamesQuery,
  useFetchUpstreamModelsMutation,
  useFetchStoredChannelModelsMutation,
} = channelEditorApi;
