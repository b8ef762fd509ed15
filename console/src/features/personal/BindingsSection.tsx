import { Button, HTMLTable, Section, SectionCard, Tag } from '@blueprintjs/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicStatus } from '../../app/status-api';
import { showSuccess } from '../../common/notify';
import { REDIRECT_PROVIDERS, redirectEnabled } from '../../common/oauth/redirects';
import { type TelegramFields, TelegramWidget } from '../../common/oauth/TelegramWidget';
import { useOAuthRedirect } from '../../common/oauth/use-oauth-redirect';
import { WechatCodeDialog } from '../../common/oauth/WechatCodeDialog';
import { useGetSelfQuery } from '../account/self-api';
import { EmailBindDialog } from './EmailBindDialog';
import { useBindTelegramMutation, useBindWechatMutation } from './personal-api';

interface BindingRow {
  key: 'email' | 'wechat' | 'github' | 'oidc' | 'telegram' | 'linuxdo';
  bound: string;
  enabled: boolean;
  action: ReactNode;
}

/** The sign-in methods tied to the account: each shows what is bound and how to (re)bind it. */
export function BindingsSection() {
  const { t } = useTranslation('personal');
  const status = usePublicStatus();
  const { data: self } = useGetSelfQuery();
  const [dialog, setDialog] = useState<'email' | 'wechat' | null>(null);
  const { redirect, redirecting } = useOAuthRedirect();
  const [bindWechat, { isLoading: bindingWechat }] = useBindWechatMutation();
  const [bindTelegram] = useBindTelegramMutation();

  const onWechat = async (code: string) => {
    try {
      await bindWechat(code).unwrap();
      showSuccess(t('bindings.wechat.bound'));
      setDialog(null);
    } catch {
      // Shown by the error handler.
    }
  };

  // The widget hands the signed fields to this page, which binds them with a call of its own
  // (carrying `New-Api-User`): the server binds nothing on a bare navigation with the cookie.
  const onTelegram = async (fields: TelegramFields) => {
    try {
      await bindTelegram(fields).unwrap();
      showSuccess(t('bindings.telegram.bound'));
    } catch {
      // Shown by the error handler.
    }
  };

  const bindButton = (bound: string, onClick: () => void) => (
    <Button size="small" loading={redirecting} text={t(bound ? 'bindings.rebind' : 'bindings.bind')} onClick={onClick} />
  );

  const rows: BindingRow[] = [
    { key: 'email', bound: self?.email ?? '', enabled: true, action: bindButton(self?.email ?? '', () => setDialog('email')) },
    { key: 'wechat', bound: self?.wechat_id ?? '', enabled: status.wechat_login, action: bindButton(self?.wechat_id ?? '', () => setDialog('wechat')) },
    ...REDIRECT_PROVIDERS.map((provider) => {
      const bound = (provider === 'github' ? self?.github_id : provider === 'oidc' ? self?.oidc_id : self?.linux_do_id) ?? '';
      return { key: provider, bound, enabled: redirectEnabled(provider, status), action: bindButton(bound, () => void redirect(provider)) };
    }),
    {
      key: 'telegram',
      bound: self?.telegram_id ?? '',
      enabled: status.telegram_oauth && Boolean(status.telegram_bot_name),
      action: <TelegramWidget botName={status.telegram_bot_name} size="small" onAuth={(fields) => void onTelegram(fields)} />,
    },
  ];

  return (
    <Section title={t('bindings.title')} icon="link">
      <SectionCard padded={false}>
        <div className="mg-table-scroll">
          <HTMLTable striped className="mg-bindings-table">
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} data-testid={`binding-${row.key}`}>
                  <th>{t(`bindings.methods.${row.key}`)}</th>
                  <td>{row.bound || <span className="mg-muted">{t('bindings.notBound')}</span>}</td>
                  <td className="mg-binding-action">{row.enabled ? row.action : <Tag minimal>{t('bindings.notEnabled')}</Tag>}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      </SectionCard>
      <EmailBindDialog isOpen={dialog === 'email'} onClose={() => setDialog(null)} />
      <WechatCodeDialog
        isOpen={dialog === 'wechat'}
        title={t('bindings.wechat.title')}
        submitText={t('bindings.bind')}
        qrCodeUrl={status.wechat_qrcode}
        busy={bindingWechat}
        onClose={() => setDialog(null)}
        onSubmit={(code) => void onWechat(code)}
      />
    </Section>
  );
}
