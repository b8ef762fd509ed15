import { HTMLTable, Tag, Tooltip } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useQuotaDisplay } from '../../app/status-api';
import { formatTimestamp } from '../../common/dates';
import { renderQuota } from '../../common/quota';
import { RedemptionRowActions } from './RedemptionRowActions';
import { statusIntent, statusLabel } from './redemption-rules';
import type { Redemption } from './redemptions-api';

/** One page of redemption codes: id, name, status, quota, created, who redeemed it, actions. */
export function RedemptionsTable({ codes, onEdit }: { codes: Redemption[]; onEdit(id: number): void }) {
  const { t } = useTranslation('redemption');
  const display = useQuotaDisplay();
  return (
    <div className="mg-table-scroll">
      <HTMLTable striped interactive className="mg-redemptions-table">
        <thead>
          <tr>
            <th>{t('columns.id')}</th>
            <th>{t('columns.name')}</th>
            <th>{t('columns.status')}</th>
            <th>{t('columns.quota')}</th>
            <th>{t('columns.created')}</th>
            <th>{t('columns.usedBy')}</th>
            <th>{t('columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {codes.map((code) => (
            <tr key={code.id}>
              <td>{code.id}</td>
              <td>{code.name}</td>
              <td>
                <Tag minimal intent={statusIntent(code.status)}>
                  {t(`status.${statusLabel(code.status)}`)}
                </Tag>
              </td>
              <td>{renderQuota(code.quota, display)}</td>
              <td>{formatTimestamp(code.created_time)}</td>
              <td>
                {code.used_user_id ? (
                  <Tooltip
                    content={code.redeemed_time ? t('values.redeemedAt', { time: formatTimestamp(code.redeemed_time) }) : ''}
                    disabled={!code.redeemed_time}
                  >
                    <span>{code.used_user_id}</span>
                  </Tooltip>
                ) : (
                  t('values.none')
                )}
              </td>
              <td>
                <RedemptionRowActions code={code} onEdit={onEdit} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
