import { api } from '../../app/api';

/** `GET /api/oauth/state`: a fresh state for a provider redirect (`aff` is kept for a registration). */
export const oauthApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOAuthState: build.mutation<string, { aff?: string }>({
      query: (params) => ({ url: 'api/oauth/state', params }),
    }),
  }),
});

export const { useGetOAuthStateMutation } = oauthApi;
