import { HTMLTable, Tag, Tooltip } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useQuotaDisplay } from '../../app/status-api';
import { renderNumber, renderQuota } from '../../common/quota';
import { UserRowActions } from './UserRowActions';
import { isDeleted, roleIntent, roleLabel, statusLabel } from './user-rules';
import type { ManagedUser } from './users-api';

export interface UsersTableProps {
  users: ManagedUser[];
  actorRole: number;
  onEdit(id: number): void;
}

const STATUS_INTENTS = { active: 'success', banned: 'danger', locked: 'danger', deleted: 'danger', unknown: 'none' } as const;

/** One page of users: identity, group, balance and usage, invitations, role, status, actions. */
export function UsersTable({ users, actorRole, onEdit }: UsersTableProps) {
  const { t } = useTranslation('user');
  const display = useQuotaDisplay();
  return (
    <div className="mg-table-scroll">
      <HTMLTable striped interactive className="mg-users-table">
        <thead>
          <tr>
            <th>{t('columns.id')}</th>
            <th>{t('columns.username')}</th>
            <th>{t('columns.group')}</th>
            <th>{t('columns.stats')}</th>
            <th>{t('columns.invites')}</th>
            <th>{t('columns.role')}</th>
            <th>{t('columns.status')}</th>
            <th>{t('columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const status = statusLabel(user);
            return (
              <tr key={user.id}>
                <td>{user.id}</td>
                <td>
                  <div>{user.username}</div>
                  {user.display_name && user.display_name !== user.username && (
                    <div className="mg-user-display-name">{user.display_name}</div>
                  )}
                </td>
                <td>
                  <Tag minimal>{user.group}</Tag>
                </td>
                <td>
                  <div className="mg-user-tags">
                  <Tooltip content={t('stats.balance')}>
                    <Tag minimal intent="success">{renderQuota(user.quota, display)}</Tag>
                  </Tooltip>
                  <Tooltip content={t('stats.used')}>
                    <Tag minimal intent="primary">{renderQuota(user.used_quota, display)}</Tag>
                  </Tooltip>
                  <Tooltip content={t('stats.requests')}>
                    <Tag minimal>{renderNumber(user.request_count)}</Tag>
                  </Tooltip>
                  </div>
                </td>
                <td>
                  <div className="mg-user-tags">
                  <Tooltip content={t('invites.count')}>
                    <Tag minimal>{user.aff_count}</Tag>
                  </Tooltip>
                  <Tooltip content={t('invites.earnings')}>
                    <Tag minimal>{renderQuota(user.aff_history_quota, display)}</Tag>
                  </Tooltip>
                  <Tooltip content={t('invites.inviter')}>
                    <Tag minimal>{user.inviter_id ? user.inviter_id : t('values.none')}</Tag>
                  </Tooltip>
                  </div>
                </td>
                <td>
                  <Tag minimal intent={roleIntent(user.role)}>
                    {t(`roles.${roleLabel(user.role)}`)}
                  </Tag>
                </td>
                <td>
                  <Tag minimal intent={STATUS_INTENTS[status]}>{t(`status.${status}`)}</Tag>
                </td>
                <td>{isDeleted(user) ? null : <UserRowActions user={user} actorRole={actorRole} onEdit={onEdit} />}</td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
}
