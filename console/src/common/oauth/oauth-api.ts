import type { OAuthStateJson, QueryOf, oauthStateQuery } from '@modelgate/contracts/api';
import { api } from '../../app/api';

/** `GET /api/oauth/state`: a fresh state for a provider redirect (`aff` is kept for a registration). */
export const oauthApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOAuthState: build.mutation<OAuthStateJson, QueryOf<typeof oauthStateQuery>>({
      query: (params) => ({ url: 'api/oauth/state', params }),
    }),
  }),
});

export const { useGetOAuthStateMutation } = oauthApi;
