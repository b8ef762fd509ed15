import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { showInfo } from '../../../common/notify';
import type { SaveOutcome } from '../form/option-changes';
import { OptionSectionView } from '../form/OptionSection';
import { smtpFields } from './system-fields';
import { useOptionSection } from '../form/use-option-section';

/** The port on which mail servers speak SSL from the first byte (spec §9). */
export const SMTP_SSL_PORT = '465';

/** SMTP: saving with port 465 also turns SSL on (and says so). */
export function SystemSmtpSection() {
  const { t } = useTranslation('setting');
  const fields = useMemo(() => smtpFields(t), [t]);
  const section = useOptionSection(fields);
  const { save: saveFields, toggle, values } = section;

  const save = useCallback(async (): Promise<SaveOutcome> => {
    const outcome = await saveFields();
    const onSslPort = (values.SMTPPort ?? '').trim() === SMTP_SSL_PORT;
    if ((outcome === 'saved' || outcome === 'unchanged') && onSslPort && values.SMTPSSLEnabled !== 'true') {
      await toggle('SMTPSSLEnabled', true);
      showInfo(t('system.smtp.sslForced'));
    }
    return outcome;
  }, [saveFields, t, toggle, values.SMTPPort, values.SMTPSSLEnabled]);

  return (
    <OptionSectionView
      title={t('system.smtp.title')}
      description={t('system.smtp.description')}
      fields={fields}
      section={{ ...section, save }}
    />
  );
}
