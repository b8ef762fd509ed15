import { api } from '../../../app/api';

/** The model-pricing editor's own calls, beside the option calls of `settings-api.ts`. */
export const pricingSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Models enabled on some channel (`GET /api/channel/models_enabled`, a list of names). */
    getEnabledModelsForPricing: build.query<string[], void>({
      query: () => 'api/channel/models_enabled',
      providesTags: ['Models', 'Channel'],
      transformResponse: (models: unknown) => (Array.isArray(models) ? models.filter((model): model is string => typeof model === 'string') : []),
    }),
    /** ModelRatio back to the built-in table; answers the server's message. */
    resetModelRatios: build.mutation<string, void>({
      query: () => ({ url: 'api/option/rest_model_ratio', method: 'POST' }),
      transformResponse: (_data: unknown, meta) => meta?.envelope?.message ?? '',
      invalidatesTags: ['Option', 'Pricing'],
    }),
  }),
});

export const { useGetEnabledModelsForPricingQuery, useResetModelRatiosMutation } = pricingSettingsApi;
