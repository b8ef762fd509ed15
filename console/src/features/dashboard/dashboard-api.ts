import type { adminQuotaDataQuery, QueryOf, QuotaDataJson } from '@modelgate/contracts/api';
import { api } from '../../app/api';
import type { Granularity } from './dashboard-data';

export interface QuotaDataArgs {
  admin: boolean;
  /** Admin only; empty for every user. */
  username: string;
  startTimestamp: string;
  endTimestamp: string;
  granularity: Granularity;
}

/** `/api/data/?username&…` for admins, `/api/data/self?…` for users. */
export function quotaDataUrl({ admin, username, startTimestamp, endTimestamp, granularity }: QuotaDataArgs): string {
  const query: Required<QueryOf<typeof adminQuotaDataQuery>> = {
    username: username.trim(),
    start_timestamp: startTimestamp,
    end_timestamp: endTimestamp,
    default_time: granularity,
  };
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (admin || name !== 'username') params.set(name, String(value));
  return `api/data/${admin ? '' : 'self'}?${params.toString()}`;
}

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getQuotaData: build.query<QuotaDataJson[], QuotaDataArgs>({
      query: quotaDataUrl,
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useGetQuotaDataQuery } = dashboardApi;
