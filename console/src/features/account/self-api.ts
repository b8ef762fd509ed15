import { api } from '../../app/api';

/** `GET /api/user/self`: the signed-in user's profile and balance. */
export interface SelfUser {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  email: string;
  github_id: string;
  oidc_id: string;
  wechat_id: string;
  telegram_id: string;
  linux_do_id: string;
  group: string;
  quota: number;
  used_quota: number;
  request_count: number;
  aff_code: string;
  aff_count: number;
  aff_quota: number;
  aff_history_quota: number;
  inviter_id: number;
  setting: string;
}

/** A group the user may pick (`GET /api/user/self/groups`): its description and ratio. */
export interface GroupChoice {
  desc: string;
  ratio: number | string;
}

/** Calls about the signed-in user that several screens share. */
export const selfApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSelf: build.query<SelfUser, void>({ query: () => 'api/user/self', providesTags: ['Self'] }),
    getSelfGroups: build.query<Record<string, GroupChoice>, void>({
      query: () => 'api/user/self/groups',
      providesTags: ['Groups'],
    }),
    getUserModels: build.query<string[], void>({ query: () => 'api/user/models', providesTags: ['Models'] }),
    logout: build.mutation<void, void>({ query: () => 'api/user/logout' }),
  }),
});

export const { useGetSelfQuery, useGetSelfGroupsQuery, useGetUserModelsQuery, useLogoutMutation } = selfApi;
