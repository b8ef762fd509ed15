import type {
  AdminUserJson,
  ApiPage,
  CreateUserBody,
  Filled,
  ManageUserAction,
  ManageUserBody,
  ManageUserJson,
  UpdateUserBody,
} from '@modelgate/contracts/api';
import { api } from '../../app/api';

/** A user as user management sees it (spec §3 User): never a password or an access token. */
export type ManagedUser = AdminUserJson;

/** One page of users; `page` counts from 1. */
export type UserPage = ApiPage<ManagedUser>;

export interface UserListArgs {
  keyword: string;
  group: string;
  /** Counted from 1. */
  page: number;
  size: number;
}

export type ManageAction = ManageUserAction;

/** What `PUT /api/user/` changes; an absent field stays as it is. */
export type UserChanges = Filled<UpdateUserBody, 'id' | 'username' | 'display_name' | 'group'> &
  Partial<Filled<UpdateUserBody, 'password' | 'quota'>>;

export type NewUser = Filled<CreateUserBody, 'username' | 'display_name' | 'password'>;

const LIST = { type: 'User' as const, id: 'LIST' };

/** User management (spec §7 "Users and auth"), for admins. */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<UserPage, UserListArgs>({
      query: ({ keyword, group, page, size }) =>
        keyword || group
          ? { url: 'api/user/search', params: { keyword, group, p: page, page_size: size } }
          : { url: 'api/user/', params: { p: page, page_size: size } },
      providesTags: [LIST],
    }),
    getManagedUser: build.query<ManagedUser, number>({
      query: (id) => `api/user/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
    listUserGroups: build.query<string[], void>({
      query: () => 'api/group/',
      providesTags: ['Groups'],
    }),
    createUser: build.mutation<ManagedUser, NewUser>({
      query: (body) => ({ url: 'api/user/', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateUser: build.mutation<ManagedUser, UserChanges>({
      query: (body) => ({ url: 'api/user/', method: 'PUT', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [LIST, { type: 'User', id }]),
    }),
    /**
     * Promote, demote, enable, disable or delete. The listed row takes the role and status of
     * the answer (a deleted one is marked deleted) without reloading the page.
     */
    manageUser: build.mutation<ManageUserJson, ManageUserBody & { action: ManageAction }>({
      query: (body) => ({ url: 'api/user/manage', method: 'POST', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'User', id }]),
      async onQueryStarted({ id, action }, { dispatch, getState, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (!answer) return;
        const deletedAt = Math.floor(Date.now() / 1000);
        for (const args of usersApi.util.selectCachedArgsForQuery(getState(), 'listUsers')) {
          dispatch(
            usersApi.util.updateQueryData('listUsers', args, (page) => {
              const row = page.items.find((user) => user.id === id);
              if (!row) return;
              row.role = answer.data.role;
              row.status = answer.data.status;
              if (action === 'delete') {
                row.deleted_at = deletedAt;
                row.DeletedAt = new Date(deletedAt * 1000).toISOString();
              }
            }),
          );
        }
      },
    }),
  }),
});

export const {
  useListUsersQuery,
  useGetManagedUserQuery,
  useListUserGroupsQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useManageUserMutation,
} = usersApi;
