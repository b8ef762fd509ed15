import { api } from '../../app/api';
import type { EnvelopeMeta } from '../../app/base-query';
import { reportFailuresInScreen } from '../../app/error-middleware';

/** The signed gateway form `POST /api/user/pay` answers: where to post it and its fields. */
export interface PaymentForm {
  url: string;
  params: Record<string, string>;
}

export interface TopUpRequest {
  amount: number;
  top_up_code: string;
}

export interface PayRequest extends TopUpRequest {
  payment_method: PaymentMethod;
}

/** `zfb` Alipay, `wx` WeChat Pay. */
export type PaymentMethod = 'zfb' | 'wx';

/** The wallet's calls: redeeming a code, pricing an online top-up and placing its order. */
export const walletApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Answers the quota credited. */
    redeemCode: build.mutation<number, string>({
      query: (key) => ({ url: 'api/user/topup', method: 'POST', body: { key } }),
      invalidatesTags: ['Self'],
    }),
    /** Answers the amount to pay, in the gateway's currency, as text (e.g. "7.30"). */
    quoteTopUp: build.mutation<string, TopUpRequest>({
      query: (body) => ({ url: 'api/user/amount', method: 'POST', body }),
      transformResponse: (data: string | number) => String(data),
    }),
    placeTopUpOrder: build.mutation<PaymentForm, PayRequest>({
      query: (body) => ({ url: 'api/user/pay', method: 'POST', body }),
      transformResponse: (data: Record<string, string>, meta: EnvelopeMeta | undefined) => ({
        url: typeof meta?.envelope?.url === 'string' ? meta.envelope.url : '',
        params: data ?? {},
      }),
    }),
  }),
});

// Pricing runs while the user types: its failures show beside the amount, not as toasts.
reportFailuresInScreen('quoteTopUp');

export const { useRedeemCodeMutation, useQuoteTopUpMutation, usePlaceTopUpOrderMutation } = walletApi;
