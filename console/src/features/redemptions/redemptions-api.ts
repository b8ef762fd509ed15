import type { ApiPage, CreateRedemptionBody, Filled, RedemptionJson } from '@modelgate/contracts/api';
import { api } from '../../app/api';

/** A redemption code as `/api/redemption` returns it (spec §3 Redemption). */
export type Redemption = RedemptionJson;

/** One page of codes; `page` counts from 1. */
export type RedemptionPage = ApiPage<Redemption>;

export interface RedemptionListArgs {
  keyword: string;
  /** Counted from 1. */
  page: number;
  size: number;
}

export type NewRedemptions = Filled<CreateRedemptionBody, 'name' | 'quota' | 'count'>;

const LIST = { type: 'Redemption' as const, id: 'LIST' };

/** Redemption codes (spec §7 "Tokens, redemption, wallet"), for the super admin. */
export const redemptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listRedemptions: build.query<RedemptionPage, RedemptionListArgs>({
      query: ({ keyword, page, size }) =>
        keyword
          ? { url: 'api/redemption/search', params: { keyword, p: page, page_size: size } }
          : { url: 'api/redemption/', params: { p: page, page_size: size } },
      providesTags: [LIST],
    }),
    getRedemption: build.query<Redemption, number>({
      query: (id) => `api/redemption/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Redemption', id }],
    }),
    /** Answers the generated keys. */
    createRedemptions: build.mutation<string[], NewRedemptions>({
      query: (body) => ({ url: 'api/redemption/', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateRedemption: build.mutation<Redemption, { id: number; name: string; quota: number }>({
      query: (body) => ({ url: 'api/redemption/', method: 'PUT', body }),
      invalidatesTags: ['Redemption'],
    }),
    setRedemptionStatus: build.mutation<Redemption, { id: number; status: number }>({
      query: (body) => ({ url: 'api/redemption/', method: 'PUT', params: { status_only: true }, body }),
      invalidatesTags: ['Redemption'],
    }),
    deleteRedemption: build.mutation<void, number>({
      query: (id) => ({ url: `api/redemption/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['Redemption'],
    }),
  }),
});

export const {
  useListRedemptionsQuery,
  useGetRedemptionQuery,
  useCreateRedemptionsMutation,
  useUpdateRedemptionMutation,
  useSetRedemptionStatusMutation,
  useDeleteRedemptionMutation,
} = redemptionsApi;
