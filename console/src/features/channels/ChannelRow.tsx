import { Checkbox, Intent, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuotaDisplay } from '../../app/status-api';
import { showError, showSuccess } from '../../common/notify';
import { renderQuota } from '../../common/quota';
import { BalanceTag, ChannelStatusTag, CircuitTag, InlineNumber, ResponseTimeTag } from './ChannelCells';
import type { ChannelColumn } from './channel-columns';
import { ChannelStatus, managedResource, MIN_PRIORITY, parseNumberEdit, splitNames } from './channel-list-model';
import { ChannelRowActions } from './ChannelRowActions';
import { channelTypeGroup, channelTypeGroupName, channelTypeName, unservedReason } from './channel-types';
import { type Channel, useUpdateChannelBalanceMutation, useUpdateChannelFieldMutation } from './channels-api';

export function GroupTags({ groups }: { groups: string }) {
  return (
    <span className="mg-channel-tags">
      {splitNames(groups, true).map((group) => (
        <Tag key={group} minimal round>
          {group}
        </Tag>
      ))}
    </span>
  );
}

export interface ChannelRowProps {
  channel: Channel;
  columns: ChannelColumn[];
  selected: boolean;
  onSelect(selected: boolean): void;
  onEdit(id: number): void;
  /** A child row of a tag's aggregate (indented). */
  nested?: boolean;
}

/** One channel of the list: its visible columns, inline priority/weight and its actions. */
export function ChannelRow({ channel, columns, selected, onSelect, onEdit, nested }: ChannelRowProps) {
  const { t } = useTranslation('channel');
  const display = useQuotaDisplay();
  const [updateChannel] = useUpdateChannelFieldMutation();
  const [updateBalance, balanceCall] = useUpdateChannelBalanceMutation();
  const resource = managedResource(channel);
  const unserved = unservedReason(channel.type);
  const group = channelTypeGroup(channel.type);

  const commit = (field: 'priority' | 'weight', text: string): boolean => {
    const edit = parseNumberEdit(field, text, channel[field]);
    if (!edit.ok) {
      if (edit.reason === 'notInteger' || edit.reason === 'tooLow' || edit.reason === 'tooHigh') showError(t(`list.messages.${field}Invalid`));
      return false;
    }
    void updateChannel({ id: channel.id, [field]: edit.value }).then((result) => {
      if (!result.error) showSuccess(t('list.messages.done'));
    });
    return true;
  };
  const refreshBalance = async () => {
    const result = await updateBalance(channel.id);
    if (result.data) showSuccess(t('list.messages.balanceUpdated', { name: channel.name }));
  };

  const cells: Record<ChannelColumn, ReactNode> = {
    id: channel.id,
    name: (
      <span className={nested ? 'mg-channel-name mg-channel-child' : 'mg-channel-name'}>
        {channel.name}
        {resource && (
          <Tag minimal intent={Intent.PRIMARY} icon="cube" title={t('list.managed.hint')}>
            {t('list.managed.tag', { resource })}
          </Tag>
        )}
      </span>
    ),
    group: <GroupTags groups={channel.group} />,
    type: (
      <span className="mg-channel-tags">
        <Tag minimal>{channelTypeName(channel.type)}</Tag>
        {unserved !== null && (
          <Tag minimal intent={group === 'coming' ? Intent.PRIMARY : Intent.WARNING} icon={group === 'coming' ? 'time' : 'disable'}
            title={t('list.unserved.hint', { reason: unserved })} data-testid="type-not-supported" data-group={group}>
            {channelTypeGroupName(group)}
          </Tag>
        )}
      </span>
    ),
    status: (
      <span className="mg-channel-tags">
        <ChannelStatusTag status={channel.status} otherInfo={channel.other_info} />
        <CircuitTag circuit={channel.circuit} />
      </span>
    ),
    responseTime: <ResponseTimeTag channel={channel} />,
    quota: (
      <span className="mg-channel-tags">
        <Tag minimal round>
          {renderQuota(channel.used_quota, display)}
        </Tag>
        <BalanceTag channel={channel} busy={balanceCall.isLoading} onRefresh={() => void refreshBalance()} />
      </span>
    ),
    priority: (
      <InlineNumber
        label={t('list.columns.priorityOf', { name: channel.name })}
        value={channel.priority}
        min={MIN_PRIORITY}
        onCommit={(text) => commit('priority', text)}
      />
    ),
    weight: (
      <InlineNumber
        label={t('list.columns.weightOf', { name: channel.name })}
        value={channel.weight}
        min={0}
        onCommit={(text) => commit('weight', text)}
      />
    ),
  };

  return (
    <tr className={channel.status === ChannelStatus.enabled ? undefined : 'mg-channel-off'}>
      <td>
        <Checkbox
          aria-label={t('list.select.one', { name: channel.name })}
          checked={selected}
          onChange={(event) => onSelect(event.currentTarget.checked)}
        />
      </td>
      {columns.map((column) => (
        <td key={column}>{cells[column]}</td>
      ))}
      <td>
        <ChannelRowActions channel={channel} onEdit={onEdit} />
      </td>
    </tr>
  );
}
