import { createApi } from '@reduxjs/toolkit/query/react';
import { envelopeBaseQuery } from './base-query';

/**
 * The console's one RTK Query API. Features add their calls with `api.injectEndpoints` in their
 * own `*-api.ts`; the tags below are how a change in one place refreshes the lists that show it.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: envelopeBaseQuery,
  refetchOnFocus: true,
  refetchOnReconnect: true,
  tagTypes: [
    'Status',
    'Self',
    'Token',
    'Log',
    'LogStat',
    'Dashboard',
    'Midjourney',
    'Task',
    'Pricing',
    'Redemption',
    'Channel',
    'User',
    'Option',
    'Groups',
    'Models',
  ],
  endpoints: () => ({}),
});
