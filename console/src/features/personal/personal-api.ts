import type { AffTransferBody, AffTransferJson, Filled, ProfileBody, SettingBody } from '@modelgate/contracts/api';
import { api } from '../../app/api';
import type { TelegramFields } from '../../common/oauth/TelegramWidget';

/** `PUT /api/user/setting`: how and when the user hears that the balance runs low (every field sent). */
export type NotificationSettings = { [K in keyof SettingBody]-?: NonNullable<SettingBody[K]> } & {
  notify_type: 'email' | 'webhook';
  quota_warning_threshold: number;
};

/** `PUT /api/user/self` changing the password (the current one unless the user has none). */
export type PasswordChange = Filled<ProfileBody, 'password'> & Partial<Filled<ProfileBody, 'original_password'>>;

/** The personal page's own calls; each change that moves the profile refreshes `Self`. */
export const personalApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAffCode: build.query<string, void>({ query: () => 'api/user/aff' }),
    transferAffQuota: build.mutation<AffTransferJson, number>({
      query: (quota) => ({ url: 'api/user/aff_transfer', method: 'POST', body: { quota } satisfies AffTransferBody }),
      invalidatesTags: ['Self'],
    }),
    generateAccessToken: build.mutation<string, void>({ query: () => 'api/user/token' }),
    changePassword: build.mutation<void, PasswordChange>({
      query: (body) => ({ url: 'api/user/self', method: 'PUT', body }),
    }),
    deleteSelf: build.mutation<void, void>({ query: () => ({ url: 'api/user/self', method: 'DELETE' }) }),
    updateNotificationSettings: build.mutation<void, NotificationSettings>({
      query: (body) => ({ url: 'api/user/setting', method: 'PUT', body }),
      invalidatesTags: ['Self'],
    }),
    sendEmailCode: build.mutation<void, string>({
      query: (email) => ({ url: 'api/verification', params: { email } }),
    }),
    bindEmail: build.mutation<void, { email: string; code: string }>({
      query: (params) => ({ url: 'api/oauth/email/bind', params }),
      invalidatesTags: ['Self'],
    }),
    bindWechat: build.mutation<void, string>({
      query: (code) => ({ url: 'api/oauth/wechat/bind', params: { code } }),
      invalidatesTags: ['Self'],
    }),
    /** The Telegram widget's signed fields, as it handed them to the page (sent with `New-Api-User`). */
    bindTelegram: build.mutation<void, TelegramFields>({
      query: (params) => ({ url: 'api/oauth/telegram/bind', params }),
      invalidatesTags: ['Self'],
    }),
  }),
});

export const {
  useGetAffCodeQuery,
  useTransferAffQuotaMutation,
  useGenerateAccessTokenMutation,
  useChangePasswordMutation,
  useDeleteSelfMutation,
  useUpdateNotificationSettingsMutation,
  useSendEmailCodeMutation,
  useBindEmailMutation,
  useBindWechatMutation,
  useBindTelegramMutation,
} = personalApi;
