import { api } from '../../app/api';

/** The admin-set public texts (`/api/home_page_content`, `/api/notice`, `/api/about`): text, URL or empty. */
export const publicContentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getHomePageContent: build.query<string, void>({
      query: () => 'api/home_page_content',
      transformResponse: (data: string | null) => data ?? '',
    }),
    getNotice: build.query<string, void>({
      query: () => 'api/notice',
      transformResponse: (data: string | null) => data ?? '',
    }),
    getAbout: build.query<string, void>({
      query: () => 'api/about',
      transformResponse: (data: string | null) => data ?? '',
    }),
  }),
});
