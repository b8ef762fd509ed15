import { api } from '../../app/api';
import type { EnvelopeMeta } from '../../app/base-query';

/** One model of `GET /api/pricing` (spec §3 "Pricing row"). */
export interface PricingRow {
  model_name: string;
  /** 0 usage-based, 1 per call. */
  quota_type: number;
  model_ratio: number;
  completion_ratio: number;
  model_price: number;
  enable_groups: string[];
}

export interface PricingList {
  rows: PricingRow[];
  /** Ratio of each group the caller may use. */
  groupRatio: Record<string, number>;
  /** Groups the caller may use and their descriptions. */
  usableGroup: Record<string, string>;
}

export const pricingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPricing: build.query<PricingList, void>({
      query: () => 'api/pricing',
      providesTags: ['Pricing'],
      transformResponse(data: PricingRow[] | null, meta: EnvelopeMeta | undefined): PricingList {
        const envelope = (meta?.envelope ?? {}) as { group_ratio?: Record<string, number>; usable_group?: Record<string, string> };
        return { rows: data ?? [], groupRatio: envelope.group_ratio ?? {}, usableGroup: envelope.usable_group ?? {} };
      },
    }),
  }),
});
