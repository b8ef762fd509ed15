import { api } from '../../../app/api';

/** The settings page's log clean-up (`DELETE /api/log/`): answers how many rows were removed. */
export const operationApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteLogsBefore: build.mutation<number, number>({
      query: (targetTimestamp) => ({ url: 'api/log/', method: 'DELETE', params: { target_timestamp: targetTimestamp } }),
      invalidatesTags: ['Log', 'LogStat'],
    }),
  }),
});

export const { useDeleteLogsBeforeMutation } = operationApi;
