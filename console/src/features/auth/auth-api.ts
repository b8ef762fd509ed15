import type { AuthUserJson, LoginBody, LoginJson, OAuthCallbackQuery, RegisterBody } from '@modelgate/contracts/api';
import { api } from '../../app/api';
import type { RedirectProvider } from '../../common/oauth/redirects';
import type { TelegramFields } from '../../common/oauth/TelegramWidget';

/** The user a sign-in answers with (spec §4 "Login"): what the console stores. */
export type SignedInUser = AuthUserJson;

/** `POST /api/user/login`: the user plus whether the super admin still has the first-start password. */
export type LoginAnswer = LoginJson;

/** `POST /api/user/login`: the contract's body plus the Turnstile answer (sent as a query parameter). */
export type LoginRequest = LoginBody & { turnstile: string };

/** `POST /api/user/register`: the contract's body plus the Turnstile answer (sent as a query parameter). */
export type RegisterRequest = RegisterBody & { turnstile: string };

/** A third-party callback's answer: the user, and `bound` when the call bound an account. */
export interface OAuthAnswer {
  user: SignedInUser;
  bound: boolean;
}

/** Sign-in, registration, email codes, password reset and third-party sign-in. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginAnswer, LoginRequest>({
      query: ({ turnstile, ...body }) => ({ url: 'api/user/login', method: 'POST', params: { turnstile }, body }),
    }),
    register: build.mutation<void, RegisterRequest>({
      query: ({ turnstile, ...body }) => ({ url: 'api/user/register', method: 'POST', params: { turnstile }, body }),
    }),
    sendVerificationCode: build.mutation<void, { email: string; turnstile: string }>({
      query: (params) => ({ url: 'api/verification', params }),
    }),
    requestPasswordReset: build.mutation<void, { email: string; turnstile: string }>({
      query: (params) => ({ url: 'api/reset_password', params }),
    }),
    confirmPasswordReset: build.mutation<string, { email: string; token: string }>({
      query: (body) => ({ url: 'api/user/reset', method: 'POST', body }),
    }),
    finishOAuth: build.mutation<OAuthAnswer, { provider: RedirectProvider; params: OAuthCallbackQuery }>({
      query: ({ provider, params }) => ({ url: `api/oauth/${provider}`, params }),
      transformResponse: (user: SignedInUser, meta) => ({ user, bound: meta?.envelope?.message === 'bind' }),
    }),
    wechatLogin: build.mutation<SignedInUser, { code: string }>({
      query: (params) => ({ url: 'api/oauth/wechat', params }),
    }),
    telegramLogin: build.mutation<SignedInUser, TelegramFields>({
      query: (params) => ({ url: 'api/oauth/telegram/login', params }),
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useSendVerificationCodeMutation,
  useRequestPasswordResetMutation,
  useConfirmPasswordResetMutation,
  useFinishOAuthMutation,
  useWechatLoginMutation,
  useTelegramLoginMutation,
} = authApi;
