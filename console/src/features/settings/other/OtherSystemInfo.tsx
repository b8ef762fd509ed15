import { Section, SectionCard } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { usePublicStatus } from '../../../app/status-api';
import { formatTimestamp } from '../../../common/dates';
import { UpdateCheckButton } from './UpdateCheckButton';

/** The running version, when the server started, and the update check. */
export function OtherSystemInfo() {
  const { t } = useTranslation('setting');
  const status = usePublicStatus();
  return (
    <Section title={t('other.info.title')} className="mg-option-section">
      <SectionCard>
        <dl className="mg-system-info">
          <dt>{t('other.info.version')}</dt>
          <dd>{status.version || t('other.info.unknown')}</dd>
          <dt>{t('other.info.startTime')}</dt>
          <dd>{formatTimestamp(status.start_time) || t('other.info.unknown')}</dd>
        </dl>
        <UpdateCheckButton currentVersion={status.version} />
      </SectionCard>
    </Section>
  );
}
