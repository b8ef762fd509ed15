import { api } from '../../app/api';
import type { EnvelopeMeta } from '../../app/base-query';
import { reportFailuresInScreen } from '../../app/error-middleware';

/** A channel as the list returns it (spec §3 Channel; the list never carries keys). */
export interface Channel {
  id: number;
  name: string;
  type: number;
  status: number;
  /** Milliseconds of the last test; 0 untested. */
  response_time: number;
  test_time: number;
  balance: number;
  balance_updated_time: number;
  used_quota: number;
  /** Comma-joined model names. */
  models: string;
  /** Comma-joined group names. */
  group: string;
  priority: number;
  weight: number;
  tag: string;
  /** JSON text with status_reason and status_time. */
  other_info: string;
  /** `k8s:<namespace>/<name>` when a Kubernetes resource manages the channel; empty otherwise. */
  external_ref?: string;
  created_time: number;
  base_url?: string;
  test_model?: string;
  /** The circuit breaker as the relay sees it; null or absent from servers that keep none. */
  circuit?: ChannelCircuit | null;
}

/** A channel's circuit breaker: open keeps traffic away after failures, half-open lets one probe through. */
export interface ChannelCircuit {
  state: 'closed' | 'open' | 'half-open';
  /** The last failure's status and message when it opened; empty when closed. */
  reason: string;
  /** Unix ms of the last change; 0 never. */
  since: number;
  /** Unix ms the probe may go (open) or expires (half-open); 0 when closed. */
  retry_at: number;
  consecutive_failures: number;
}

/** A tag's aggregate row in tag mode (spec §3): null priority/weight/status when children differ. */
export interface TagGroup {
  tag: string;
  name: string;
  group: string;
  used_quota: number;
  response_time: number;
  priority: number | null;
  weight: number | null;
  status: number | null;
  children: Channel[];
}

export type ChannelListEntry = Channel | TagGroup;

export interface ChannelListArgs {
  page: number;
  size: number;
  idSort: boolean;
  tagMode: boolean;
  /** Search filters; all empty lists every channel. */
  keyword: string;
  group: string;
  model: string;
}

export interface ChannelTestResult {
  /** Seconds the test took (sent beside the envelope's data). */
  time: number;
}

export type ChannelUpdate = { id: number } & Partial<Pick<Channel, 'priority' | 'weight' | 'status'>>;

export interface TagEdit {
  tag: string;
  new_tag?: string;
  model_mapping?: string;
  groups?: string;
  models?: string;
  priority?: number;
  weight?: number;
}

const LIST = { type: 'Channel' as const, id: 'LIST' };
const invalidatesList = { invalidatesTags: [LIST] };

function listParams(args: ChannelListArgs): Record<string, string | number | boolean> {
  const params: Record<string, string | number | boolean> = {
    p: args.page,
    page_size: args.size,
    id_sort: args.idSort,
    tag_mode: args.tagMode,
  };
  return params;
}

export function isSearch(args: Pick<ChannelListArgs, 'keyword' | 'group' | 'model'>): boolean {
  return Boolean(args.keyword || args.group || args.model);
}

/** The channel list's calls (spec §7 "Channels"); every change refreshes the list. */
export const channelsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listChannels: build.query<ChannelListEntry[], ChannelListArgs>({
      query: (args) =>
        isSearch(args)
          ? {
              url: 'api/channel/search',
              params: { ...listParams(args), keyword: args.keyword, group: args.group, model: args.model },
            }
          : { url: 'api/channel/', params: listParams(args) },
      providesTags: [LIST],
    }),
    updateChannelField: build.mutation<Channel, ChannelUpdate>({
      query: (body) => ({ url: 'api/channel/', method: 'PUT', body }),
      ...invalidatesList,
    }),
    deleteChannel: build.mutation<null, number>({
      query: (id) => ({ url: `api/channel/${id}/`, method: 'DELETE' }),
      ...invalidatesList,
    }),
    editChannelTag: build.mutation<number, TagEdit>({
      query: (body) => ({ url: 'api/channel/tag', method: 'PUT', body }),
      ...invalidatesList,
    }),
    setTagEnabled: build.mutation<number, { tag: string; enabled: boolean }>({
      query: ({ tag, enabled }) => ({
        url: `api/channel/tag/${enabled ? 'enabled' : 'disabled'}`,
        method: 'POST',
        body: { tag },
      }),
      ...invalidatesList,
    }),
    deleteChannels: build.mutation<number, number[]>({
      query: (ids) => ({ url: 'api/channel/batch', method: 'POST', body: { ids } }),
      ...invalidatesList,
    }),
    tagChannels: build.mutation<number, { ids: number[]; tag: string }>({
      query: (body) => ({ url: 'api/channel/batch/tag', method: 'POST', body }),
      ...invalidatesList,
    }),
    fixChannelAbilities: build.mutation<number, void>({
      query: () => ({ url: 'api/channel/fix', method: 'POST' }),
      ...invalidatesList,
    }),
    deleteDisabledChannels: build.mutation<number, void>({
      query: () => ({ url: 'api/channel/disabled', method: 'DELETE' }),
      ...invalidatesList,
    }),
    testChannel: build.mutation<ChannelTestResult, { id: number; model: string }>({
      query: ({ id, model }) => ({ url: `api/channel/test/${id}`, params: { model } }),
      transformResponse: (_data: unknown, meta: EnvelopeMeta | undefined) => ({
        time: Number(meta?.envelope?.time ?? 0),
      }),
      ...invalidatesList,
    }),
    testAllChannels: build.mutation<{ channels: number }, void>({
      query: () => 'api/channel/test',
    }),
    updateChannelBalance: build.mutation<{ balance: number }, number>({
      query: (id) => `api/channel/update_balance/${id}/`,
      ...invalidatesList,
    }),
    updateAllBalances: build.mutation<{ updated: number; failed: number }, void>({
      query: () => 'api/channel/update_balance',
      ...invalidatesList,
    }),
  }),
});

export const {
  useListChannelsQuery,
  useUpdateChannelFieldMutation,
  useDeleteChannelMutation,
  useEditChannelTagMutation,
  useSetTagEnabledMutation,
  useDeleteChannelsMutation,
  useTagChannelsMutation,
  useFixChannelAbilitiesMutation,
  useDeleteDisabledChannelsMutation,
  useTestChannelMutation,
  useTestAllChannelsMutation,
  useUpdateChannelBalanceMutation,
  useUpdateAllBalancesMutation,
} = channelsApi;

// A failed test is reported by the list with the channel's name beside the provider's reason.
reportFailuresInScreen('testChannel');
