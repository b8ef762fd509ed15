import { Tab, Tabs } from '@blueprintjs/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RequireRole } from '../../shell/RequireRole';
import { ModelsTab } from './models/ModelsTab';
import { OperationTab } from './operation/OperationTab';
import { OtherTab } from './other/OtherTab';
import { RateLimitTab } from './ratelimit/RateLimitTab';
import { SystemTab } from './system/SystemTab';
import './settings.css';

export const SETTING_TABS = ['operation', 'ratelimit', 'models', 'system', 'other'] as const;
export type SettingTab = (typeof SETTING_TABS)[number];

function tabOf(value: string | null): SettingTab {
  return (SETTING_TABS as readonly string[]).includes(value ?? '') ? (value as SettingTab) : 'operation';
}

/** `/setting` (root only): the tabs of spec §2, the current one kept in `?tab=`. */
export function SettingsPage() {
  return (
    <RequireRole level="root">
      <SettingsScreen />
    </RequireRole>
  );
}

function SettingsScreen() {
  const { t } = useTranslation('setting');
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const panels: Record<SettingTab, ReactElement> = {
    operation: <OperationTab />,
    ratelimit: <RateLimitTab />,
    models: <ModelsTab />,
    system: <SystemTab />,
    other: <OtherTab />,
  };
  return (
    <div className="mg-page mg-settings-page">
      <div className="mg-page-header">
        <h2>{t('title')}</h2>
      </div>
      <Tabs
        id="settings-tabs"
        large
        selectedTabId={tab}
        renderActiveTabPanelOnly
        onChange={(next) => setParams({ tab: String(next) }, { replace: true })}
      >
        {SETTING_TABS.map((id) => (
          <Tab key={id} id={id} title={t(`tabs.${id}`)} panel={panels[id]} />
        ))}
      </Tabs>
    </div>
  );
}
