import { Checkbox, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ChannelColumn } from './channel-columns';
import { channelsOf, entryKey, isTagGroup } from './channel-list-model';
import { ChannelRow } from './ChannelRow';
import type { ChannelListEntry } from './channels-api';
import { TagGroupRow } from './TagGroupRow';

export interface ChannelsTableProps {
  entries: ChannelListEntry[];
  columns: ChannelColumn[];
  selectedIds: ReadonlySet<number>;
  onSelect(ids: number[], selected: boolean): void;
  onEdit(id: number): void;
  onEditTag(tag: string): void;
}

/** One page of channels (or, in tag mode, of tag aggregates and untagged channels). */
export function ChannelsTable({ entries, columns, selectedIds, onSelect, onEdit, onEditTag }: ChannelsTableProps) {
  const { t } = useTranslation('channel');
  const pageIds = entries.flatMap((entry) => channelsOf(entry).map((channel) => channel.id));
  const selectedHere = pageIds.filter((id) => selectedIds.has(id)).length;
  return (
    <div className="mg-table-scroll">
      <HTMLTable striped interactive className="mg-channels-table">
        <thead>
          <tr>
            <th>
              <Checkbox
                aria-label={t('list.select.all')}
                checked={pageIds.length > 0 && selectedHere === pageIds.length}
                indeterminate={selectedHere > 0 && selectedHere < pageIds.length}
                onChange={(event) => onSelect(pageIds, event.currentTarget.checked)}
              />
            </th>
            {columns.map((column) => (
              <th key={column}>{t(`list.columns.${column}`)}</th>
            ))}
            <th>{t('list.columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) =>
            isTagGroup(entry) ? (
              <TagGroupRow
                key={entryKey(entry)}
                group={entry}
                columns={columns}
                selectedIds={selectedIds}
                onSelect={onSelect}
                onEdit={onEdit}
                onEditTag={onEditTag}
              />
            ) : (
              <ChannelRow
                key={entryKey(entry)}
                channel={entry}
                columns={columns}
                selected={selectedIds.has(entry.id)}
                onSelect={(on) => onSelect([entry.id], on)}
                onEdit={onEdit}
              />
            ),
          )}
        </tbody>
      </HTMLTable>
    </div>
  );
}
