import { Alert, Button, Icon, Intent, Tooltip } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../common/notify';
import { CONFIRMED_ACTIONS, type OfferedAction, offeredActions } from './user-rules';
import { type ManageAction, type ManagedUser, useManageUserMutation } from './users-api';

const ICONS: Record<OfferedAction['action'], IconName> = {
  promote: 'arrow-up',
  demote: 'arrow-down',
  enable: 'play',
  disable: 'disable',
  edit: 'edit',
  delete: 'trash',
};

const INTENTS: Partial<Record<OfferedAction['action'], Intent>> = {
  enable: Intent.SUCCESS,
  disable: Intent.WARNING,
  delete: Intent.DANGER,
};

/** The confirmation button of each action that asks first (promoting and demoting alike). */
const CONFIRM_BUTTON: Partial<Record<ManageAction, 'deleteButton' | 'promoteButton' | 'demoteButton'>> = {
  delete: 'deleteButton',
  promote: 'promoteButton',
  demote: 'demoteButton',
};

export interface UserRowActionsProps {
  user: ManagedUser;
  /** The signed-in admin's role. */
  actorRole: number;
  onEdit(id: number): void;
}

/** The actions the signed-in admin may take on one user row (spec §4, §6). */
export function UserRowActions({ user, actorRole, onEdit }: UserRowActionsProps) {
  const { t } = useTranslation('user');
  const [manage, call] = useManageUserMutation();
  const [confirming, setConfirming] = useState<ManageAction | null>(null);
  const [running, setRunning] = useState<ManageAction | null>(null);
  const actions = offeredActions(actorRole, user);

  if (actions.length === 0) {
    return (
      <Tooltip content={t('actions.noneAllowed')}>
        <Icon icon="lock" className="mg-user-locked" aria-label={t('actions.noneAllowed')} />
      </Tooltip>
    );
  }

  const run = async (action: ManageAction) => {
    setConfirming(null);
    setRunning(action);
    const result = await manage({ id: user.id, action });
    setRunning(null);
    if (!result.error) showSuccess(t('messages.actionDone'));
  };
  const start = (offered: OfferedAction) => {
    if (offered.action === 'edit') onEdit(user.id);
    else if (CONFIRMED_ACTIONS.has(offered.action)) setConfirming(offered.action);
    else void run(offered.action);
  };

  return (
    <div className="mg-user-actions">
      {actions.map((offered) => {
        const button = (
          <Button
            key={offered.action}
            size="small"
            variant="minimal"
            icon={ICONS[offered.action]}
            intent={INTENTS[offered.action]}
            text={t(`actions.${offered.action}`)}
            disabled={Boolean(offered.blockedBy) || (call.isLoading && running !== offered.action)}
            loading={running === offered.action}
            onClick={() => start(offered)}
          />
        );
        return offered.blockedBy ? (
          <Tooltip key={offered.action} content={t(`blocked.${offered.blockedBy}`)}>
            <span>{button}</span>
          </Tooltip>
        ) : (
          button
        );
      })}
      <Alert
        isOpen={confirming !== null}
        intent={confirming === 'delete' ? Intent.DANGER : confirming === 'promote' ? Intent.PRIMARY : Intent.WARNING}
        icon={confirming ? ICONS[confirming as OfferedAction['action']] : undefined}
        confirmButtonText={confirming ? t(`confirm.${CONFIRM_BUTTON[confirming] ?? 'demoteButton'}`) : ''}
        cancelButtonText={t('form.cancel')}
        onConfirm={() => confirming && void run(confirming)}
        onCancel={() => setConfirming(null)}
      >
        {confirming === 'delete' ? (
          <>
            <p>{t('confirm.delete', { name: user.username })}</p>
            <p>{t('confirm.deleteWarning')}</p>
          </>
        ) : confirming === 'promote' ? (
          <p>{t('confirm.promote', { name: user.username })}</p>
        ) : (
          <p>{t('confirm.demote', { name: user.username })}</p>
        )}
      </Alert>
    </div>
  );
}
