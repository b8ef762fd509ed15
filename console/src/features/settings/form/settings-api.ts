import type { OptionJson } from '@modelgate/contracts/api';
import { api } from '../../../app/api';

/** One option as listed, and a change as `PUT /api/option/` takes it (the console sends text). */
export type OptionChange = OptionJson;

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
