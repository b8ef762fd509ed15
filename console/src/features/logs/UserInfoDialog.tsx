import { Button, Dialog, DialogBody, DialogFooter, HTMLTable, Spinner } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useTranslation } from 'react-i18next';
import { useQuotaDisplay } from '../../app/status-api';
import { renderQuota } from '../../common/quota';
import { useGetLoggedUserQuery } from './logs-api';

export interface UserInfoDialogProps {
  /** The user to show; null keeps the dialog closed. */
  userId: number | null;
  onClose(): void;
}

/** A popup with a user's name, group and balance, loaded from `GET /api/user/{id}` (admins). */
export function UserInfoDialog({ userId, onClose }: UserInfoDialogProps) {
  const { t } = useTranslation('log');
  const { t: tc } = useTranslation('common');
  const display = useQuotaDisplay();
  const { data: user, isFetching } = useGetLoggedUserQuery(userId ?? skipToken);
  const rows: Array<[string, string | number]> = user
    ? [
        [t('userInfo.username'), user.username],
        [t('userInfo.displayName'), user.display_name],
        [t('userInfo.group'), user.group],
        [t('userInfo.quota'), renderQuota(user.quota, display)],
        [t('userInfo.usedQuota'), renderQuota(user.used_quota, display)],
        [t('userInfo.requestCount'), user.request_count],
      ]
    : [];
  return (
    <Dialog isOpen={userId !== null} onClose={onClose} title={t('userInfo.title')} icon="person">
      <DialogBody>
        {isFetching || !user ? (
          <Spinner size={24} />
        ) : (
          <HTMLTable compact className="mg-user-info">
            <tbody>
              {rows.map(([label, value]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>{value}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={tc('actions.close')} onClick={onClose} />} />
    </Dialog>
  );
}
