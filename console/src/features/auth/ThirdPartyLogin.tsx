import { Button, Divider } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicStatus } from '../../app/status-api';
import { readStored, StorageKey } from '../../common/local-storage';
import { REDIRECT_PROVIDERS, type RedirectProvider, redirectEnabled } from '../../common/oauth/redirects';
import { type TelegramFields, TelegramWidget } from '../../common/oauth/TelegramWidget';
import { useOAuthRedirect } from '../../common/oauth/use-oauth-redirect';
import { WechatCodeDialog } from '../../common/oauth/WechatCodeDialog';
import { useTelegramLoginMutation, useWechatLoginMutation } from './auth-api';
import { useFinishSignIn } from './use-finish-sign-in';

/** Each redirect provider's button: its icon and (brand) name. */
const PROVIDER_BUTTONS: Record<RedirectProvider, { icon: IconName; text: string }> = {
  github: { icon: 'git-branch', text: 'GitHub' },
  oidc: { icon: 'id-number', text: 'OIDC' },
  linuxdo: { icon: 'globe-network', text: 'LinuxDO' },
};

/**
 * The third-party sign-in options of login and register (spec §2): each shows only when the
 * public status enables it. GitHub, OIDC and LinuxDO leave for the provider with a fresh state.
 */
export function ThirdPartyLogin() {
  const { t } = useTranslation('auth');
  const status = usePublicStatus();
  const { redirect, redirecting } = useOAuthRedirect();
  const [wechatLogin, { isLoading: wechatBusy }] = useWechatLoginMutation();
  const [telegramLogin] = useTelegramLoginMutation();
  const finishSignIn = useFinishSignIn();
  const [weChatOpen, setWeChatOpen] = useState(false);

  const onWechat = async (code: string) => {
    const result = await wechatLogin({ code });
    if (result.data) finishSignIn(result.data, '/');
  };

  const onTelegram = async (fields: TelegramFields) => {
    const result = await telegramLogin(fields);
    if (result.data) finishSignIn(result.data, '/');
  };

  const providers = REDIRECT_PROVIDERS.filter((provider) => redirectEnabled(provider, status));
  if (providers.length === 0 && !status.wechat_login && !status.telegram_oauth) return null;

  return (
    <div className="mg-third-party">
      <Divider />
      <p className="mg-third-party-title">{t('thirdParty.title')}</p>
      <div className="mg-third-party-buttons">
        {providers.map((provider) => (
          <Button
            key={provider}
            {...PROVIDER_BUTTONS[provider]}
            variant="outlined"
            disabled={redirecting}
            onClick={() => void redirect(provider, { aff: readStored(StorageKey.aff) ?? '' })}
          />
        ))}
        {status.wechat_login && (
          <Button icon="chat" text={t('wechat.button')} variant="outlined" onClick={() => setWeChatOpen(true)} />
        )}
      </div>
      {status.telegram_oauth && status.telegram_bot_name && (
        <TelegramWidget
          className="mg-telegram-login"
          botName={status.telegram_bot_name}
          size="large"
          onAuth={(fields) => void onTelegram(fields)}
        />
      )}
      {status.wechat_login && (
        <WechatCodeDialog
          isOpen={weChatOpen}
          title={t('wechat.title')}
          submitText={t('wechat.submit')}
          qrCodeUrl={status.wechat_qrcode}
          busy={wechatBusy}
          onClose={() => setWeChatOpen(false)}
          onSubmit={(code) => void onWechat(code)}
        />
      )}
    </div>
  );
}
