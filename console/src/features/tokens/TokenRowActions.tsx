import { Button, Intent, Tooltip } from '@blueprintjs/core';
import { DeleteButton } from '../../common/DeleteButton';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../common/copy-feedback';
import { showSuccess } from '../../common/notify';
import { fullKey } from '../chat/chat-links';
import { TokenChatButton } from './TokenChatButton';
import { statusToggle, TokenStatus } from './token-status';
import { type Token, useDeleteTokenMutation, useSetTokenStatusMutation } from './tokens-api';

/** The buttons of one token row: copy, chat, enable/disable, edit, delete (after confirmation). */
export function TokenRowActions({ token, onEdit }: { token: Token; onEdit(id: number): void }) {
  const { t } = useTranslation('token');
  const [setStatus, statusCall] = useSetTokenStatusMutation();
  const [deleteToken] = useDeleteTokenMutation();
  const toggle = statusToggle(token.status);
  const enabling = toggle.next === TokenStatus.enabled;

  const changeStatus = async () => {
    const result = await setStatus({ id: token.id, status: toggle.next });
    if (!result.error) showSuccess(enabling ? t('messages.enabled') : t('messages.disabled'));
  };
  const remove = async () => {
    const result = await deleteToken(token.id);
    if (!result.error) showSuccess(t('messages.deleted'));
  };

  const toggleButton = (
    <Button
      size="small"
      variant="minimal"
      intent={enabling ? Intent.SUCCESS : Intent.WARNING}
      text={enabling ? t('actions.enable') : t('actions.disable')}
      disabled={Boolean(toggle.blockedBy)}
      loading={statusCall.isLoading}
      onClick={() => void changeStatus()}
    />
  );

  return (
    <div className="mg-token-actions">
      <Button
        size="small"
        variant="minimal"
        icon="duplicate"
        text={t('actions.copyKey')}
        onClick={() => void copyWithFeedback(fullKey(token.key), t('messages.copiedKey'))}
      />
      <TokenChatButton tokenKey={token.key} />
      {toggle.blockedBy ? (
        <Tooltip
          content={toggle.blockedBy === 'expired' ? t('toggle.blockedExpired') : t('toggle.blockedExhausted')}
        >
          <span>{toggleButton}</span>
        </Tooltip>
      ) : (
        toggleButton
      )}
      <Button size="small" variant="minimal" icon="edit" text={t('actions.edit')} onClick={() => onEdit(token.id)} />
      <DeleteButton text={t('actions.delete')} confirmText={t('delete.confirmButton')} cancelText={t('form.cancel')} onConfirm={remove}>
        <p>{t('delete.confirm')}</p>
      </DeleteButton>
    </div>
  );
}
