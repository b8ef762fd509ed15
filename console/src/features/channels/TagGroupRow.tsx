import { Alert, Button, Checkbox, Intent, Tag } from '@blueprintjs/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuotaDisplay } from '../../app/status-api';
import { showError, showSuccess } from '../../common/notify';
import { renderQuota } from '../../common/quota';
import { ChannelStatusTag, InlineNumber, ResponseTimeTag } from './ChannelCells';
import type { ChannelColumn } from './channel-columns';
import { MIN_PRIORITY, parseNumberEdit } from './channel-list-model';
import { ChannelRow, GroupTags } from './ChannelRow';
import { type TagGroup, useEditChannelTagMutation, useSetTagEnabledMutation } from './channels-api';

export interface TagGroupRowProps {
  group: TagGroup;
  columns: ChannelColumn[];
  selectedIds: ReadonlySet<number>;
  onSelect(ids: number[], selected: boolean): void;
  onEdit(id: number): void;
  onEditTag(tag: string): void;
}

type PendingChange = { field: 'priority' | 'weight'; value: number } | null;

/**
 * A tag's aggregate row (spec §3): combined groups, summed used quota, average response time,
 * priority/weight blank when the children differ; expands to the children's own rows. Priority
 * and weight edits apply to every child after a confirmation.
 */
export function TagGroupRow({ group, columns, selectedIds, onSelect, onEdit, onEditTag }: TagGroupRowProps) {
  const { t } = useTranslation('channel');
  const display = useQuotaDisplay();
  const [expanded, setExpanded] = useState(false);
  const [pending, setPending] = useState<PendingChange>(null);
  const [editTag, editCall] = useEditChannelTagMutation();
  const [setTagEnabled, enableCall] = useSetTagEnabledMutation();
  const childIds = group.children.map((child) => child.id);
  const selectedCount = childIds.filter((id) => selectedIds.has(id)).length;

  const propose = (field: 'priority' | 'weight', text: string): boolean => {
    const edit = parseNumberEdit(field, text, group[field], true);
    if (!edit.ok) {
      if (edit.reason === 'notInteger' || edit.reason === 'tooLow' || edit.reason === 'tooHigh') showError(t(`list.messages.${field}Invalid`));
      return false;
    }
    setPending({ field, value: edit.value });
    // The field shows the tag's value again; the change waits for the confirmation.
    return false;
  };
  const applyPending = async () => {
    if (!pending) return;
    const result = await editTag({ tag: group.tag, [pending.field]: pending.value });
    setPending(null);
    if (!result.error) showSuccess(t('list.messages.done'));
  };
  const switchAll = async (enabled: boolean) => {
    const result = await setTagEnabled({ tag: group.tag, enabled });
    if (!result.error) showSuccess(t('list.messages.done'));
  };

  const cells: Record<ChannelColumn, ReactNode> = {
    id: (
      <Button
        size="small"
        variant="minimal"
        icon={expanded ? 'chevron-down' : 'chevron-right'}
        aria-label={t(expanded ? 'list.tag.collapse' : 'list.tag.expand', { tag: group.tag })}
        aria-expanded={expanded}
        onClick={() => setExpanded(!expanded)}
      />
    ),
    name: (
      <span className="mg-channel-name">
        <Tag minimal intent={Intent.PRIMARY} icon="tag">
          {group.tag}
        </Tag>
        <span className="bp6-text-muted">{t('list.tag.children', { count: group.children.length })}</span>
      </span>
    ),
    group: <GroupTags groups={group.group} />,
    type: <Tag minimal>{t('list.tag.aggregate')}</Tag>,
    status: <ChannelStatusTag status={group.status} />,
    responseTime: <ResponseTimeTag channel={{ response_time: group.response_time, other_info: '', name: group.name }} />,
    quota: (
      <Tag minimal round>
        {renderQuota(group.used_quota, display)}
      </Tag>
    ),
    priority: (
      <InlineNumber
        label={t('list.columns.priorityOf', { name: group.tag })}
        value={group.priority}
        min={MIN_PRIORITY}
        onCommit={(text) => propose('priority', text)}
      />
    ),
    weight: (
      <InlineNumber
        label={t('list.columns.weightOf', { name: group.tag })}
        value={group.weight}
        min={0}
        onCommit={(text) => propose('weight', text)}
      />
    ),
  };

  return (
    <>
      <tr className="mg-channel-tag-row">
        <td>
          <Checkbox
            aria-label={t('list.select.tag', { tag: group.tag })}
            checked={childIds.length > 0 && selectedCount === childIds.length}
            indeterminate={selectedCount > 0 && selectedCount < childIds.length}
            onChange={(event) => onSelect(childIds, event.currentTarget.checked)}
          />
        </td>
        {columns.map((column) => (
          <td key={column}>{cells[column]}</td>
        ))}
        <td>
          <div className="mg-channel-actions">
            <Button
              size="small"
              variant="minimal"
              intent={Intent.SUCCESS}
              text={t('list.tag.enableAll')}
              loading={enableCall.isLoading && enableCall.originalArgs?.enabled === true}
              onClick={() => void switchAll(true)}
            />
            <Button
              size="small"
              variant="minimal"
              intent={Intent.WARNING}
              text={t('list.tag.disableAll')}
              loading={enableCall.isLoading && enableCall.originalArgs?.enabled === false}
              onClick={() => void switchAll(false)}
            />
            <Button size="small" variant="minimal" icon="edit" text={t('list.tag.edit')} onClick={() => onEditTag(group.tag)} />
          </div>
          <Alert
            isOpen={pending !== null}
            intent={Intent.WARNING}
            icon="warning-sign"
            loading={editCall.isLoading}
            confirmButtonText={t('list.actions.confirm')}
            cancelButtonText={t('list.actions.cancel')}
            onConfirm={() => void applyPending()}
            onCancel={() => setPending(null)}
          >
            {pending &&
              t(pending.field === 'priority' ? 'list.confirm.tagPriority' : 'list.confirm.tagWeight', {
                tag: group.tag,
                value: pending.value,
              })}
          </Alert>
        </td>
      </tr>
      {expanded &&
        group.children.map((child) => (
          <ChannelRow
            key={child.id}
            channel={child}
            columns={columns}
            nested
            selected={selectedIds.has(child.id)}
            onSelect={(on) => onSelect([child.id], on)}
            onEdit={onEdit}
          />
        ))}
    </>
  );
}
