import { Button, Divider } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicStatus } from '../../app/public-status';
import { usePublicStatus } from '../../app/status-api';
import { readStored, StorageKey } from '../../common/local-storage';
import { showError } from '../../common/notify';
import { type TelegramFields, useGetOAuthStateMutation, useTelegramLoginMutation } from './auth-api';
import { externalNavigation } from './external-navigation';
import { githubAuthorizeUrl, linuxDoAuthorizeUrl, oidcAuthorizeUrl } from './oauth-redirects';
import { TelegramLoginButton } from './TelegramLoginButton';
import { useFinishSignIn } from './use-finish-sign-in';
import { WeChatLoginDialog } from './WeChatLoginDialog';

type RedirectBuilder = (status: PublicStatus, state: string) => string;

/**
 * The third-party sign-in options of login and register (spec §2): each shows only when the
 * public status enables it. GitHub, OIDC and LinuxDO leave for the provider with a fresh state.
 */
export function ThirdPartyLogin() {
  const { t } = useTranslation('auth');
  const status = usePublicStatus();
  const [getState, { isLoading }] = useGetOAuthStateMutation();
  const [telegramLogin] = useTelegramLoginMutation();
  const finishSignIn = useFinishSignIn();
  const [weChatOpen, setWeChatOpen] = useState(false);

  const redirect = async (build: RedirectBuilder) => {
    const result = await getState({ aff: readStored(StorageKey.aff) ?? '' });
    if (result.data === undefined) return;
    let url: string;
    try {
      url = build(status, result.data);
    } catch {
      showError(t('thirdParty.misconfigured'));
      return;
    }
    externalNavigation.go(url);
  };

  const onTelegram = async (fields: TelegramFields) => {
    const result = await telegramLogin(fields);
    if (result.data) finishSignIn(result.data, '/');
  };

  const anyEnabled =
    status.github_oauth || status.oidc_enabled || status.linuxdo_oauth || status.wechat_login || status.telegram_oauth;
  if (!anyEnabled) return null;

  return (
    <div className="mg-third-party">
      <Divider />
      <p className="mg-third-party-title">{t('thirdParty.title')}</p>
      <div className="mg-third-party-buttons">
        {status.github_oauth && (
          <Button
            icon="git-branch"
            text="GitHub"
            variant="outlined"
            disabled={isLoading}
            onClick={() => void redirect(githubAuthorizeUrl)}
          />
        )}
        {status.oidc_enabled && (
          <Button
            icon="id-number"
            text="OIDC"
            variant="outlined"
            disabled={isLoading}
            onClick={() => void redirect((current, state) => oidcAuthorizeUrl(current, state, window.location.origin))}
          />
        )}
        {status.linuxdo_oauth && (
          <Button
            icon="globe-network"
            text="LinuxDO"
            variant="outlined"
            disabled={isLoading}
            onClick={() => void redirect(linuxDoAuthorizeUrl)}
          />
        )}
        {status.wechat_login && (
          <Button icon="chat" text={t('wechat.button')} variant="outlined" onClick={() => setWeChatOpen(true)} />
        )}
      </div>
      {status.telegram_oauth && status.telegram_bot_name && (
        <TelegramLoginButton botName={status.telegram_bot_name} onAuth={(fields) => void onTelegram(fields)} />
      )}
      {status.wechat_login && (
        <WeChatLoginDialog isOpen={weChatOpen} qrCodeUrl={status.wechat_qrcode} onClose={() => setWeChatOpen(false)} />
      )}
    </div>
  );
}
