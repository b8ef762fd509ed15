import { Card, Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useQuotaDisplay } from '../../app/status-api';
import { renderNumber, renderQuota } from '../../common/quota';
import { useGetSelfQuery } from '../account/self-api';
import type { DashboardSummary } from './dashboard-data';

export interface DashboardCardsProps {
  summary: DashboardSummary;
  averageRpm: number;
  averageTpm: number;
}

/** Three cards: the account (balance, used, requests), the range's totals, and its averages. */
export function DashboardCards({ summary, averageRpm, averageTpm }: DashboardCardsProps) {
  const { t } = useTranslation('dashboard');
  const display = useQuotaDisplay();
  // The account figures change with every call: read them afresh whenever the dashboard opens.
  const { data: self } = useGetSelfQuery(undefined, { refetchOnMountOrArgChange: true });
  const groups: Array<Array<[string, string]>> = [
    [
      [t('cards.balance'), self ? renderQuota(self.quota, display) : '–'],
      [t('cards.usedQuota'), self ? renderQuota(self.used_quota, display) : '–'],
      [t('cards.requestCount'), self ? String(self.request_count) : '–'],
    ],
    [
      [t('cards.rangeQuota'), renderQuota(summary.totals.quota, display)],
      [t('cards.rangeTokens'), renderNumber(summary.totals.tokens)],
      [t('cards.rangeCount'), String(summary.totals.count)],
    ],
    [
      [t('cards.averageRpm'), averageRpm.toFixed(3)],
      [t('cards.averageTpm'), averageTpm.toFixed(3)],
    ],
  ];
  return (
    <div className="mg-dashboard-cards">
      {groups.map((group, index) => (
        <Card key={index} className="mg-dashboard-card">
          {group.map(([label, value]) => (
            <div key={label} className="mg-dashboard-stat">
              <span className={Classes.TEXT_MUTED}>{label}</span>
              <strong>{value}</strong>
            </div>
          ))}
        </Card>
      ))}
    </div>
  );
}
