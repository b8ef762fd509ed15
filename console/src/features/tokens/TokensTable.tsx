import { Checkbox, HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useQuotaDisplay } from '../../app/status-api';
import { formatTimestamp } from '../../common/dates';
import { renderQuota } from '../../common/quota';
import { TokenRowActions } from './TokenRowActions';
import { statusIntent, statusLabel } from './token-status';
import type { Token } from './tokens-api';

export interface TokensTableProps {
  tokens: Token[];
  selectedIds: ReadonlySet<number>;
  onToggleRow(token: Token, selected: boolean): void;
  onToggleAll(selected: boolean): void;
  onEdit(id: number): void;
}

/** One page of tokens: selectable rows with status, quota, times and row actions. */
export function TokensTable({ tokens, selectedIds, onToggleRow, onToggleAll, onEdit }: TokensTableProps) {
  const { t } = useTranslation('token');
  const display = useQuotaDisplay();
  const selectedHere = tokens.filter((token) => selectedIds.has(token.id)).length;
  return (
    <div className="mg-table-scroll">
      <HTMLTable striped interactive className="mg-tokens-table">
        <thead>
          <tr>
            <th>
              <Checkbox
                aria-label={t('columns.selectAll')}
                checked={tokens.length > 0 && selectedHere === tokens.length}
                indeterminate={selectedHere > 0 && selectedHere < tokens.length}
                onChange={(event) => onToggleAll(event.currentTarget.checked)}
              />
            </th>
            <th>{t('columns.name')}</th>
            <th>{t('columns.status')}</th>
            <th>{t('columns.used')}</th>
            <th>{t('columns.remaining')}</th>
            <th>{t('columns.created')}</th>
            <th>{t('columns.expires')}</th>
            <th>{t('columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((token) => (
            <tr key={token.id}>
              <td>
                <Checkbox
                  aria-label={`${t('columns.select')} ${token.name}`}
                  checked={selectedIds.has(token.id)}
                  onChange={(event) => onToggleRow(token, event.currentTarget.checked)}
                />
              </td>
              <td>{token.name}</td>
              <td>
                <Tag minimal intent={statusIntent(token.status)}>
                  {t(`status.${statusLabel(token)}`)}
                </Tag>
                {token.group && (
                  <Tag minimal className="mg-token-group">
                    {token.group}
                  </Tag>
                )}
              </td>
              <td>{renderQuota(token.used_quota, display)}</td>
              <td>{token.unlimited_quota ? t('values.unlimited') : renderQuota(token.remain_quota, display)}</td>
              <td>{formatTimestamp(token.created_time)}</td>
              <td>{token.expired_time === -1 ? t('values.never') : formatTimestamp(token.expired_time)}</td>
              <td>
                <TokenRowActions token={token} onEdit={onEdit} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
