import { api } from '../../../app/api';

export interface OptionChange {
  key: string;
  value: string;
}

/** The root user's option calls (`/api/option/`): secrets are never listed, only written. */
export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOptions: build.query<Record<string, string>, void>({
      query: () => 'api/option/',
      providesTags: ['Option'],
      transformResponse: (rows: OptionChange[]) => Object.fromEntries(rows.map((row) => [row.key, row.value])),
    }),
    updateOption: build.mutation<void, OptionChange>({
      query: (change) => ({ url: 'api/option/', method: 'PUT', body: change }),
      // Public flags (names, footer, sign-in methods …) come from the status: refresh it too.
      invalidatesTags: ['Option', 'Status'],
    }),
  }),
});

export const { useGetOptionsQuery, useUpdateOptionMutation } = settingsApi;
