import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_QUOTA_PER_UNIT } from '../../../common/quota';
import { ChatLinksEditor } from './ChatLinksEditor';
import { GroupRatioEditor } from './GroupRatioEditor';
import { LogCleanup } from './LogCleanup';
import {
  dashboardFields,
  drawingFields,
  generalFields,
  logFields,
  monitoringFields,
  quotaFields,
  sensitiveFields,
} from './operation-fields';
import { OptionSection } from '../form/OptionSection';
import { PricingSection } from '../pricing/PricingSection';
import { useGetOptionsQuery } from '../form/settings-api';
import './operation-tab.css';

/** The quota unit as stored (quota per US dollar), for the dollar worth of quota amounts. */
function useStoredQuotaPerUnit(): number {
  const { data } = useGetOptionsQuery();
  const stored = Number(data?.QuotaPerUnit);
  return Number.isFinite(stored) && stored > 0 ? stored : DEFAULT_QUOTA_PER_UNIT;
}

/**
 * The operation tab (spec §2): stacked cards for general settings, drawing, sensitive words,
 * logs (with clearing old logs), the data dashboard, monitoring, quota, group ratios and the
 * chat links. Switches save as they flip; each card's other fields save with its own button.
 */
export function OperationTab() {
  const { t } = useTranslation('setting');
  const quotaPerUnit = useStoredQuotaPerUnit();
  const sections = useMemo(
    () => ({
      general: generalFields(t),
      drawing: drawingFields(t),
      sensitive: sensitiveFields(t),
      logs: logFields(t),
      dashboard: dashboardFields(t),
      monitoring: monitoringFields(t),
    }),
    [t],
  );
  const quota = useMemo(() => quotaFields(t, quotaPerUnit), [t, quotaPerUnit]);
  return (
    <div className="mg-operation-tab">
      <OptionSection title={t('operation.general.title')} fields={sections.general} />
      <OptionSection title={t('operation.drawing.title')} fields={sections.drawing} />
      <OptionSection title={t('operation.sensitive.title')} fields={sections.sensitive} />
      <OptionSection title={t('operation.logs.title')} fields={sections.logs}>
        <LogCleanup />
      </OptionSection>
      <OptionSection
        title={t('operation.dashboard.title')}
        description={t('operation.dashboard.description')}
        fields={sections.dashboard}
      />
      <OptionSection title={t('operation.monitoring.title')} fields={sections.monitoring} />
      <OptionSection title={t('operation.quota.title')} fields={quota} />
      <PricingSection />
      <GroupRatioEditor />
      <ChatLinksEditor />
    </div>
  );
}
