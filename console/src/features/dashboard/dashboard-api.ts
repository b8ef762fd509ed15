import { api } from '../../app/api';
import type { Granularity, QuotaDataRow } from './dashboard-data';

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
  const params = new URLSearchParams();
  if (admin) params.set('username', username.trim());
  params.set('start_timestamp', startTimestamp);
  params.set('end_timestamp', endTimestamp);
  params.set('default_time', granularity);
  return `api/data/${admin ? '' : 'self'}?${params.toString()}`;
}

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getQuotaData: build.query<QuotaDataRow[], QuotaDataArgs>({
      query: quotaDataUrl,
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useGetQuotaDataQuery } = dashboardApi;
