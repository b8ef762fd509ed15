import type {
  BalanceSweepJson,
  ChannelBalanceEnvelope,
  ChannelCircuitJson,
  ChannelJson,
  ChannelTagEditBody,
  ChannelTestAllJson,
  ChannelTestEnvelope,
  Filled,
  TagGroupJson,
} from '@modelgate/contracts/api';
import { api } from '../../app/api';
import type { EnvelopeMeta } from '../../app/base-query';
import { reportFailuresInScreen } from '../../app/error-middleware';

/** A channel as the list returns it (spec §3 Channel; the list never carries keys). */
export type Channel = ChannelJson;

/** A channel's circuit breaker: open keeps traffic away after failures, half-open lets one probe through. */
export type ChannelCircuit = ChannelCircuitJson;

/** A tag's aggregate row in tag mode (spec §3): null priority/weight/status when children differ. */
export type TagGroup = TagGroupJson;

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

/** Seconds the test took (sent beside the envelope's data). */
export type ChannelTestResult = Pick<ChannelTestEnvelope, 'time'>;

export type ChannelUpdate = { id: number } & Partial<Pick<Channel, 'priority' | 'weight' | 'status'>>;

/** `PUT /api/channel/tag`: the tag and what to change in all its channels (lists comma-joined). */
export type TagEdit = Filled<ChannelTagEditBody, 'tag'> &
  Partial<Filled<ChannelTagEditBody, 'new_tag' | 'model_mapping' | 'priority' | 'weight'>> & { groups?: string; models?: string };

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
        time: Number((meta?.envelope as Partial<ChannelTestEnvelope> | undefined)?.time ?? 0),
      }),
      ...invalidatesList,
    }),
    testAllChannels: build.mutation<ChannelTestAllJson, void>({
      query: () => 'api/channel/test',
    }),
    updateChannelBalance: build.mutation<Pick<NonNullable<ChannelBalanceEnvelope['data']>, 'balance'>, number>({
      query: (id) => `api/channel/update_balance/${id}/`,
      ...invalidatesList,
    }),
    updateAllBalances: build.mutation<BalanceSweepJson, void>({
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
