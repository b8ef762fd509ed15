import type { CreateTokenBody, Filled, TokenJson, UpdateTokenBody } from '@modelgate/contracts/api';
import { api } from '../../app/api';

/** A token as `/api/token` returns it (spec §3 Token); `key` comes without `sk-`. */
export type Token = TokenJson;

/**
 * One page of tokens (pages counted from 0): the list itself, as the reference answers it. There
 * is no total; a page shorter than the size asked for is the last.
 */
export type TokenPage = Token[];

/** The settings the editor writes (`POST /api/token/` adds `count`, `PUT` adds `id`). */
export type TokenSettings = Filled<
  CreateTokenBody,
  | 'name'
  | 'expired_time'
  | 'remain_quota'
  | 'unlimited_quota'
  | 'model_limits_enabled'
  | 'allow_ips'
  | 'group'
  | 'rate_limit_rpm'
  | 'rate_limit_tpm'
> & {
  /** Comma-joined model names (the contract also takes a list). */
  model_limits: string;
};

export interface TokenListArgs {
  page: number;
  size: number;
}

export interface TokenSearchArgs extends TokenListArgs {
  keyword: string;
  token: string;
}

const LIST = { type: 'Token' as const, id: 'LIST' };

/** The signed-in user's tokens (spec §7 "Tokens"). Every change refreshes the lists. */
export const tokensApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTokens: build.query<TokenPage, TokenListArgs>({
      query: ({ page, size }) => ({ url: 'api/token/', params: { p: page, size } }),
      providesTags: [LIST],
    }),
    searchTokens: build.query<TokenPage, TokenSearchArgs>({
      query: ({ keyword, token, page, size }) => ({
        url: 'api/token/search',
        params: { keyword, token, p: page, size },
      }),
      providesTags: [LIST],
    }),
    getToken: build.query<Token, number>({
      query: (id) => `api/token/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Token', id }],
    }),
    createTokens: build.mutation<Token[], TokenSettings & Filled<CreateTokenBody, 'count'>>({
      query: (body) => ({ url: 'api/token/', method: 'POST', body }),
      invalidatesTags: ['Token'],
    }),
    updateToken: build.mutation<Token, Partial<Token> & TokenSettings & Filled<UpdateTokenBody, 'id'>>({
      query: (body) => ({ url: 'api/token/', method: 'PUT', body }),
      invalidatesTags: ['Token'],
    }),
    setTokenStatus: build.mutation<Token, { id: number; status: number }>({
      query: (body) => ({ url: 'api/token/', method: 'PUT', params: { status_only: true }, body }),
      invalidatesTags: ['Token'],
    }),
    deleteToken: build.mutation<void, number>({
      query: (id) => ({ url: `api/token/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['Token'],
    }),
  }),
});

export const {
  useListTokensQuery,
  useSearchTokensQuery,
  useGetTokenQuery,
  useCreateTokensMutation,
  useUpdateTokenMutation,
  useSetTokenStatusMutation,
  useDeleteTokenMutation,
} = tokensApi;
