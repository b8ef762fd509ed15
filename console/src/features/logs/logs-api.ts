import { api } from '../../app/api';
import { type LogFilters, logListUrl, logStatUrl } from './log-query';
import type { LoggedUser, LogPage, LogStat } from './log-types';

export interface LogListArgs {
  filters: LogFilters;
  admin: boolean;
  /** 0-based; sent as the 1-based `p`. */
  page: number;
  pageSize: number;
}

/** The usage log: its pages, its statistics, and the user behind a row (admins). */
export const logsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLogs: build.query<LogPage, LogListArgs>({
      query: ({ filters, admin, page, pageSize }) => logListUrl(filters, admin, page, pageSize),
      providesTags: ['Log'],
    }),
    getLogStat: build.query<LogStat, { filters: LogFilters; admin: boolean }>({
      query: ({ filters, admin }) => logStatUrl(filters, admin),
      providesTags: ['LogStat'],
    }),
    getLoggedUser: build.query<LoggedUser, number>({
      query: (id) => `api/user/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
  }),
});

export const { useGetLogsQuery, useGetLogStatQuery, useGetLoggedUserQuery } = logsApi;
