import type { PricingEnvelope, PricingRowJson } from '@modelgate/contracts/api';
import { api } from '../../app/api';
import type { EnvelopeMeta } from '../../app/base-query';

/** One model of `GET /api/pricing` (spec §3 "Pricing row"). */
export type PricingRow = PricingRowJson;

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
        const envelope = (meta?.envelope ?? {}) as Partial<PricingEnvelope>;
        return { rows: data ?? [], groupRatio: envelope.group_ratio ?? {}, usableGroup: envelope.usable_group ?? {} };
      },
    }),
  }),
});
