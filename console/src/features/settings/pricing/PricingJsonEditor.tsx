import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { OptionField } from '../form/option-fields';
import { OptionSection } from '../form/OptionSection';
import { PricingResetRatios } from './PricingResetRatios';

/** JSON editing of the four pricing maps, with "reset model ratios". */
export function PricingJsonEditor() {
  const { t } = useTranslation('setting');
  const fields = useMemo<OptionField[]>(
    () => [
      { key: 'ModelPrice', kind: 'json', label: t('pricing.json.modelPrice.label'), helperText: t('pricing.json.modelPrice.help') },
      { key: 'ModelRatio', kind: 'json', label: t('pricing.json.modelRatio.label'), helperText: t('pricing.json.modelRatio.help') },
      { key: 'CacheRatio', kind: 'json', label: t('pricing.json.cacheRatio.label'), helperText: t('pricing.json.cacheRatio.help') },
      {
        key: 'CompletionRatio',
        kind: 'json',
        label: t('pricing.json.completionRatio.label'),
        helperText: t('pricing.json.completionRatio.help'),
      },
    ],
    [t],
  );
  return (
    <OptionSection title={t('pricing.json.title')} fields={fields}>
      <PricingResetRatios />
    </OptionSection>
  );
}
