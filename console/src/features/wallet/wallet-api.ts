import type {
  AmountBody,
  PayBody,
  PaymentFormEnvelope,
  PaymentFormParamsJson,
  PaymentMethod,
  RedeemBody,
  TopUpQuoteJson,
} from '@modelgate/contracts/api';
import { api } from '../../app/api';
import type { EnvelopeMeta } from '../../app/base-query';
import { reportFailuresInScreen } from '../../app/error-middleware';

export type { PaymentMethod } from '@modelgate/contracts/api';

/** The signed gateway form `POST /api/user/pay` answers: where to post it and its fields. */
export interface PaymentForm {
  url: string;
  params: PaymentFormParamsJson;
}

export type TopUpRequest = Required<Pick<AmountBody, 'top_up_code'>> & { amount: number };

export type PayRequest = TopUpRequest & Pick<PayBody, 'payment_method'> & { payment_method: PaymentMethod };

/** The wallet's calls: redeeming a code, pricing an online top-up and placing its order. */
export const walletApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Answers the quota credited. */
    redeemCode: build.mutation<number, string>({
      query: (key) => ({ url: 'api/user/topup', method: 'POST', body: { key } satisfies RedeemBody }),
      invalidatesTags: ['Self'],
    }),
    /** Answers the amount to pay, in the gateway's currency, as text (e.g. "7.30"). */
    quoteTopUp: build.mutation<string, TopUpRequest>({
      query: (body) => ({ url: 'api/user/amount', method: 'POST', body }),
      transformResponse: (data: TopUpQuoteJson) => String(data),
    }),
    placeTopUpOrder: build.mutation<PaymentForm, PayRequest>({
      query: (body) => ({ url: 'api/user/pay', method: 'POST', body }),
      transformResponse: (data: PaymentFormParamsJson | null, meta: EnvelopeMeta | undefined) => {
        const url = (meta?.envelope as PaymentFormEnvelope | undefined)?.url;
        return { url: typeof url === 'string' ? url : '', params: data ?? {} };
      },
    }),
  }),
});

// Pricing runs while the user types: its failures show beside the amount, not as toasts.
reportFailuresInScreen('quoteTopUp');

export const { useRedeemCodeMutation, useQuoteTopUpMutation, usePlaceTopUpOrderMutation } = walletApi;
