import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useQuotaDisplay } from '../../app/status-api';
import { renderQuota } from '../../common/quota';
import type { LogStat } from './log-types';

/** The statistics bar: consumption quota over the filters, requests and tokens in the last minute. */
export function LogStats({ stat }: { stat: LogStat | undefined }) {
  const { t } = useTranslation('log');
  const display = useQuotaDisplay();
  return (
    <div className="mg-log-stats" aria-live="polite">
      <Tag large intent="primary">{t('stats.quota', { value: stat ? renderQuota(stat.quota, display) : '–' })}</Tag>
      <Tag large intent="danger">{t('stats.rpm', { value: stat?.rpm ?? '–' })}</Tag>
      <Tag large intent="success">{t('stats.tpm', { value: stat?.tpm ?? '–' })}</Tag>
    </div>
  );
}
