import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { OidcSection } from './OidcSection';
import './system-settings.css';
import { OptionSection } from '../form/OptionSection';
import { SystemCallbackUrl } from './SystemCallbackUrl';
import { SystemEmailSection } from './SystemEmailSection';
import { SystemOutboundSection } from './SystemOutboundSection';
import { SystemPaymentSection } from './SystemPaymentSection';
import { SystemSmtpSection } from './SystemSmtpSection';
import {
  generalFields,
  githubFields,
  linuxdoFields,
  signInFields,
  telegramFields,
  turnstileFields,
  wechatFields,
  workerFields,
} from './system-fields';

/** The system tab (spec §2): site address, outbound access, payment, sign-in methods, mail and provider keys. */
export function SystemTab() {
  const { t } = useTranslation('setting');
  const fields = useMemo(
    () => ({
      general: generalFields(t),
      worker: workerFields(t),
      signIn: signInFields(t),
      github: githubFields(t),
      wechat: wechatFields(t),
      telegram: telegramFields(t),
      turnstile: turnstileFields(t),
      linuxdo: linuxdoFields(t),
    }),
    [t],
  );
  return (
    <div className="mg-system-tab">
      <OptionSection title={t('system.general.title')} description={t('system.general.description')} fields={fields.general} />
      <OptionSection title={t('system.worker.title')} description={t('system.worker.description')} fields={fields.worker} />
      <SystemOutboundSection />
      <SystemPaymentSection />
      <OptionSection title={t('system.signIn.title')} description={t('system.signIn.description')} fields={fields.signIn} />
      <SystemEmailSection />
      <SystemSmtpSection />
      <OptionSection title={t('system.github.title')} description={t('system.github.description')} fields={fields.github}>
        <SystemCallbackUrl path="/oauth/github" />
      </OptionSection>
      <OptionSection title={t('system.wechat.title')} description={t('system.wechat.description')} fields={fields.wechat} />
      <OptionSection title={t('system.telegram.title')} description={t('system.telegram.description')} fields={fields.telegram} />
      <OptionSection title={t('system.turnstile.title')} description={t('system.turnstile.description')} fields={fields.turnstile} />
      <OptionSection title={t('system.linuxdo.title')} description={t('system.linuxdo.description')} fields={fields.linuxdo}>
        <SystemCallbackUrl path="/oauth/linuxdo" />
      </OptionSection>
      <OidcSection />
    </div>
  );
}
