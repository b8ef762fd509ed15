import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../../common/notify';
import type { SaveOutcome } from '../form/option-changes';
import { OptionSectionView } from '../form/OptionSection';
import { paymentFields } from './system-fields';
import { useOptionSection } from '../form/use-option-section';

/** Payment (spec §5): the server address is shown first and must be set before the rest saves. */
export function SystemPaymentSection() {
  const { t } = useTranslation('setting');
  const fields = useMemo(() => paymentFields(t), [t]);
  const section = useOptionSection(fields);
  const { save: saveFields, values } = section;

  const save = useCallback(async (): Promise<SaveOutcome> => {
    if ((values.ServerAddress ?? '').trim() === '') {
      showError(t('system.payment.serverAddressFirst'));
      return 'invalid';
    }
    return saveFields();
  }, [saveFields, t, values.ServerAddress]);

  return (
    <OptionSectionView
      title={t('system.payment.title')}
      description={t('system.payment.description')}
      fields={fields}
      section={{ ...section, save }}
    />
  );
}
