import { useMemo } from 'react';
import type { QuotaDisplay } from '../common/quota';
import { api } from './api';
import { cachedStatus, type PublicStatus, storeStatus } from './public-status';

/** How often an open console re-reads `/api/status`, so an admin's change reaches every tab. */
const STATUS_REFRESH_MS = 60_000;

export const statusApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStatus: build.query<PublicStatus, void>({
      query: () => 'api/status',
      providesTags: ['Status'],
      transformResponse(data: PublicStatus) {
        storeStatus(data);
        return data;
      },
    }),
  }),
});

/**
 * The public status the console renders from: the fresh answer once loaded (re-read on focus,
 * every minute and after settings change), the last saved one until then. Components never read
 * the flags from local storage themselves, so they are never one reload behind.
 */
export function usePublicStatus(): PublicStatus {
  const { data } = statusApi.useGetStatusQuery(undefined, { pollingInterval: STATUS_REFRESH_MS });
  return useMemo(() => data ?? cachedStatus(), [data]);
}

export function useQuotaDisplay(): QuotaDisplay {
  const status = usePublicStatus();
  return useMemo(
    () => ({ quotaPerUnit: status.quota_per_unit, displayInCurrency: status.display_in_currency }),
    [status.quota_per_unit, status.display_in_currency],
  );
}
