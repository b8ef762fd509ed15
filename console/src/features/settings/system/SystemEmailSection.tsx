import { Button, FormGroup, Intent, TagInput } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { OptionSectionView } from '../form/OptionSection';
import { emailSwitchFields, emailWhitelistField, normaliseDomainList } from './system-fields';
import { useOptionSection } from '../form/use-option-section';

/** Email restrictions: two switches (saved as they flip) and the whitelist edited as tags. */
export function SystemEmailSection() {
  const { t } = useTranslation('setting');
  const switches = useMemo(() => emailSwitchFields(t), [t]);
  const fields = useMemo(() => [...switches, emailWhitelistField(t)], [switches, t]);
  const section = useOptionSection(fields);
  const whitelist = section.values.EmailDomainWhitelist ?? '';
  const domains = useMemo(() => normaliseDomainList(whitelist).split(',').filter(Boolean), [whitelist]);
  const error = section.errors.EmailDomainWhitelist;

  return (
    <OptionSectionView
      title={t('system.email.title')}
      description={t('system.email.description')}
      fields={switches}
      section={section}
    >
      <FormGroup
        label={t('system.email.whitelist.label')}
        helperText={error ?? t('system.email.whitelist.helper')}
        intent={error ? Intent.DANGER : Intent.NONE}
      >
        <TagInput
          values={domains}
          addOnBlur
          separator=","
          placeholder={t('system.email.whitelist.placeholder')}
          inputProps={{ 'aria-label': t('system.email.whitelist.label') }}
          onChange={(values) => section.setValue('EmailDomainWhitelist', normaliseDomainList(values.map(String).join(',')))}
        />
      </FormGroup>
      <Button intent="primary" icon="floppy-disk" loading={section.saving} disabled={section.isLoading} onClick={() => void section.save()}>
        {t('actions.save')}
      </Button>
    </OptionSectionView>
  );
}
