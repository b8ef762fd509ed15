import { Button, Intent, Tooltip } from '@blueprintjs/core';
import { DeleteButton } from '../../common/DeleteButton';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../common/copy-feedback';
import { showSuccess } from '../../common/notify';
import { canEdit, RedemptionStatus, statusToggle } from './redemption-rules';
import { type Redemption, useDeleteRedemptionMutation, useSetRedemptionStatusMutation } from './redemptions-api';

/** A tooltip around a disabled button saying why (a disabled button gets no pointer events). */
function Explained({ reason, children }: { reason: string | null; children: ReactElement }) {
  return reason ? (
    <Tooltip content={reason}>
      <span>{children}</span>
    </Tooltip>
  ) : (
    children
  );
}

/** The buttons of one code: copy, enable/disable, edit (unused only), delete (after confirmation). */
export function RedemptionRowActions({ code, onEdit }: { code: Redemption; onEdit(id: number): void }) {
  const { t } = useTranslation('redemption');
  const [setStatus, statusCall] = useSetRedemptionStatusMutation();
  const [remove] = useDeleteRedemptionMutation();
  const toggle = statusToggle(code);
  const enabling = toggle.next === RedemptionStatus.unused;
  const editable = canEdit(code);

  const changeStatus = async () => {
    const result = await setStatus({ id: code.id, status: toggle.next });
    if (!result.error) showSuccess(enabling ? t('messages.enabled') : t('messages.disabled'));
  };
  const confirmDelete = async () => {
    const result = await remove(code.id);
    if (!result.error) showSuccess(t('messages.deleted'));
  };

  return (
    <div className="mg-redemption-actions">
      <Button
        size="small"
        variant="minimal"
        icon="duplicate"
        text={t('actions.copy')}
        onClick={() => void copyWithFeedback(code.key, t('messages.copiedKey'))}
      />
      <Explained reason={toggle.blocked ? t('blocked.usedCannotEnable') : null}>
        <Button
          size="small"
          variant="minimal"
          intent={enabling ? Intent.SUCCESS : Intent.WARNING}
          text={enabling ? t('actions.enable') : t('actions.disable')}
          disabled={toggle.blocked}
          loading={statusCall.isLoading}
          onClick={() => void changeStatus()}
        />
      </Explained>
      <Explained reason={editable ? null : t('blocked.onlyUnusedEditable')}>
        <Button
          size="small"
          variant="minimal"
          icon="edit"
          text={t('actions.edit')}
          disabled={!editable}
          onClick={() => onEdit(code.id)}
        />
      </Explained>
      <DeleteButton text={t('actions.delete')} cancelText={t('form.cancel')} onConfirm={confirmDelete}>
        <p>{t('confirm.delete', { name: code.name })}</p>
      </DeleteButton>
    </div>
  );
}
