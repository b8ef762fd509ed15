import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { OptionField } from '../form/option-fields';
import { OptionSectionView } from '../form/OptionSection';
import { useOptionSection } from '../form/use-option-section';

/** The logo URL with a preview of the image as typed. */
export function OtherLogoSection() {
  const { t } = useTranslation('setting');
  const fields = useMemo((): OptionField[] => [{ key: 'Logo', kind: 'text', label: t('other.logo.label'), placeholder: 'https://' }], [t]);
  const section = useOptionSection(fields, { savedMessage: t('other.logo.saved') });
  const logo = (section.values.Logo ?? '').trim();
  return (
    <OptionSectionView title={t('other.logo.title')} fields={fields} section={section}>
      {logo !== '' && <img className="mg-logo-preview" src={logo} alt={t('other.logo.preview')} />}
    </OptionSectionView>
  );
}
