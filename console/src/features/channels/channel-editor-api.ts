import { api } from '../../app/api';
import { reportFailuresInScreen } from '../../app/error-middleware';

/** A channel as `GET /api/channel/{id}` returns it (spec §3 Channel; the key is never sent back). */
export interface EditedChannel {
  id: number;
  type: number;
  name: string;
  key?: string;
  openai_organization: string | null;
  max_input_tokens: number | null;
  max_rpm?: number;
  max_tpm?: number;
  max_concurrency?: number;
  base_url: string | null;
  other: string | null;
  model_mapping: string | null;
  status_code_mapping: string | null;
  /** Comma-joined. */
  models: string;
  /** Comma-joined. */
  group: string;
  auto_ban: number;
  test_model: string | null;
  priority: number | null;
  weight: number | null;
  tag: string | null;
  setting: string | null;
  param_override?: string | null;
  status: number;
  /** `k8s:<namespace>/<name>` when a Kubernetes resource manages the channel; empty otherwise. */
  external_ref?: string | null;
}

/** What the editor writes (`POST /api/channel/`; `PUT` adds `id`). Models and groups are comma strings. */
export interface ChannelWrite {
  type: number;
  name: string;
  key?: string;
  base_url: string;
  other: string;
  openai_organization: string;
  models: string;
  group: string;
  model_mapping: string;
  status_code_mapping: string;
  setting: string;
  param_override: string;
  auto_ban: number;
  test_model: string;
  tag: string;
  priority?: number;
  weight?: number;
  max_input_tokens?: number;
  max_rpm?: number;
  max_tpm?: number;
  max_concurrency?: number;
}

export interface UpstreamModelsRequest {
  base_url: string;
  type: number;
  key: string;
}

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
