import type { SelfUserJson, UserGroupsJson } from '@modelgate/contracts/api';
import { api } from '../../app/api';

/** `GET /api/user/self`: the signed-in user's profile and balance. */
export type SelfUser = SelfUserJson;

/** A group the user may pick (`GET /api/user/self/groups`): its description and ratio. */
export type GroupChoice = UserGroupsJson[string];

/** Calls about the signed-in user that several screens share. */
export const selfApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSelf: build.query<SelfUser, void>({ query: () => 'api/user/self', providesTags: ['Self'] }),
    getSelfGroups: build.query<UserGroupsJson, void>({
      query: () => 'api/user/self/groups',
      providesTags: ['Groups'],
    }),
    getUserModels: build.query<string[], void>({ query: () => 'api/user/models', providesTags: ['Models'] }),
    logout: build.mutation<void, void>({ query: () => 'api/user/logout' }),
  }),
});

export const { useGetSelfQuery, useGetSelfGroupsQuery, useGetUserModelsQuery, useLogoutMutation } = selfApi;
