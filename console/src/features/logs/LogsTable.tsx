import { HTMLTable, Tag } from '@blueprintjs/core';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuotaDisplay } from '../../app/status-api';
import { formatTimestamp } from '../../common/dates';
import { renderQuota } from '../../common/quota';
import type { LogColumn } from './column-settings';
import { ChannelCell, DetailsCell, DetailsPanel, ModelCell, TokenCell, UseTimeCell, UserCell } from './LogCells';
import { detailLines, logTypeIntent, parseOther } from './log-format';
import { LOG_TYPES, type LogEntry } from './log-types';

export interface LogsTableProps {
  items: LogEntry[];
  columns: LogColumn[];
  admin: boolean;
  onOpenUser(userId: number): void;
}

/** Log quota shows six decimals in currency mode, as small charges are common. */
const QUOTA_DIGITS = 6;

export function LogsTable({ items, columns, admin, onOpenUser }: LogsTableProps) {
  const { t } = useTranslation('log');
  const display = useQuotaDisplay();
  // Rows whose details are open, by row key; a new page starts with all closed.
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [openItems, setOpenItems] = useState(items);
  if (openItems !== items) {
    setOpenItems(items);
    setOpen(new Set());
  }
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  const cell = (column: LogColumn, entry: LogEntry, key: string, lines: string[]) => {
    const other = parseOther(entry.other);
    switch (column) {
      case 'time':
        return formatTimestamp(entry.created_at);
      case 'channel':
        return <ChannelCell entry={entry} />;
      case 'user':
        return <UserCell entry={entry} onOpen={onOpenUser} />;
      case 'token':
        return <TokenCell entry={entry} />;
      case 'group':
        return entry.group || other.group || '';
      case 'type': {
        const known = (LOG_TYPES as readonly number[]).includes(entry.type);
        return (
          <Tag intent={logTypeIntent(entry.type)} minimal>
            {known ? t(`types.${entry.type as 1 | 2 | 3 | 4}`) : t('types.unknown')}
          </Tag>
        );
      }
      case 'model':
        return <ModelCell entry={entry} other={other} />;
      case 'useTime':
        return <UseTimeCell entry={entry} other={other} />;
      case 'prompt':
        return entry.type === 2 ? entry.prompt_tokens : '';
      case 'completion':
        return entry.type === 2 && entry.completion_tokens > 0 ? entry.completion_tokens : '';
      case 'quota':
        return entry.quota ? renderQuota(entry.quota, display, QUOTA_DIGITS) : '';
      case 'details':
        return <DetailsCell lines={lines} expanded={open.has(key)} onToggle={() => toggle(key)} />;
    }
  };

  return (
    <div className="mg-table-scroll">
      <HTMLTable striped interactive compact className="mg-log-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} data-column={column}>
                {t(`columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((entry, index) => {
            const key = `${index}-${entry.id}-${entry.created_at}`;
            const lines = columns.includes('details') ? detailLines(entry, admin, t, display) : [];
            return (
              <Fragment key={key}>
                <tr>
                  {columns.map((column) => (
                    <td key={column} data-column={column} data-label={t(`columns.${column}`)}>
                      {cell(column, entry, key, lines)}
                    </td>
                  ))}
                </tr>
                {open.has(key) && lines.length > 0 && (
                  <tr className="mg-log-details-row">
                    <td colSpan={columns.length}>
                      <DetailsPanel lines={lines} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
}
