import { Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch, useCurrentUser } from '../../app/hooks';
import { signedOut } from '../../app/session-slice';
import { FormDialog } from '../../common/FormDialog';
import { showSuccess } from '../../common/notify';
import { useGetSelfQuery } from '../account/self-api';
import { useDeleteSelfMutation } from './personal-api';

/** Deletes the own account once the user has typed their username exactly. */
export function DeleteAccountDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const { t } = useTranslation('personal');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { data: self } = useGetSelfQuery();
  const current = useCurrentUser();
  const username = self?.username ?? current?.username ?? '';
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const [deleteSelf, { isLoading }] = useDeleteSelfMutation();

  useEffect(() => {
    if (isOpen) {
      setTyped('');
      setError(undefined);
    }
  }, [isOpen]);

  const submit = async () => {
    if (!username || typed !== username) {
      setError(t('security.delete.mismatch'));
      return;
    }
    try {
      await deleteSelf().unwrap();
      dispatch(signedOut());
      showSuccess(t('security.delete.done'));
      navigate('/login');
    } catch {
      // Shown by the error handler (e.g. the super admin cannot leave).
    }
  };

  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('security.delete.title')}
      icon="trash"
      submitText={t('security.delete.submit')}
      intent={Intent.DANGER}
      busy={isLoading}
      onSubmit={() => void submit()}
    >
      <Callout intent={Intent.DANGER}>{t('security.delete.warning')}</Callout>
      <FormGroup
        className="mg-delete-confirm"
        label={t('security.delete.label')}
        labelFor="delete-username"
        helperText={error}
        intent={error ? Intent.DANGER : Intent.NONE}
      >
        <InputGroup
          id="delete-username"
          placeholder={t('security.delete.placeholder', { username })}
          value={typed}
          intent={error ? Intent.DANGER : Intent.NONE}
          onValueChange={(value) => {
            setTyped(value);
            setError(undefined);
          }}
        />
      </FormGroup>
    </FormDialog>
  );
}
