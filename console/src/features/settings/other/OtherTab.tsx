import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { OptionField } from '../form/option-fields';
import { OptionSection } from '../form/OptionSection';
import { OtherLogoSection } from './OtherLogoSection';
import { OtherSystemInfo } from './OtherSystemInfo';
import '../system/system-settings.css';

type T = TFunction<'setting'>;

/** Each personalisation option is its own section, saved with its own message (spec §8). */
function personalisation(t: T) {
  return {
    notice: [{ key: 'Notice', kind: 'textarea', label: t('other.notice.label'), helperText: t('other.notice.helper') }],
    systemName: [{ key: 'SystemName', kind: 'text', label: t('other.systemName.label') }],
    homePage: [{ key: 'HomePageContent', kind: 'textarea', label: t('other.homePage.label'), helperText: t('other.homePage.helper') }],
    about: [{ key: 'About', kind: 'textarea', label: t('other.about.label'), helperText: t('other.about.helper') }],
    footer: [{ key: 'Footer', kind: 'textarea', label: t('other.footer.label'), helperText: t('other.footer.helper') }],
  } satisfies Record<string, OptionField[]>;
}

/** The other tab (spec §2 personalisation): notice, name, logo, home page, about, footer, system info. */
export function OtherTab() {
  const { t } = useTranslation('setting');
  const fields = useMemo(() => personalisation(t), [t]);
  return (
    <div className="mg-other-tab">
      <OtherSystemInfo />
      <OptionSection title={t('other.notice.title')} fields={fields.notice} savedMessage={t('other.notice.saved')} />
      <OptionSection title={t('other.systemName.title')} fields={fields.systemName} savedMessage={t('other.systemName.saved')} />
      <OtherLogoSection />
      <OptionSection title={t('other.homePage.title')} fields={fields.homePage} savedMessage={t('other.homePage.saved')} />
      <OptionSection title={t('other.about.title')} fields={fields.about} savedMessage={t('other.about.saved')} />
      <OptionSection title={t('other.footer.title')} fields={fields.footer} savedMessage={t('other.footer.saved')} />
    </div>
  );
}
