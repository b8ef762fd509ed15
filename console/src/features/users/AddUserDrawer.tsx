import { Button, Classes, Drawer, Intent, Position } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldList } from '../../common/forms/FieldList';
import type { FieldSpec } from '../../common/forms/field-spec';
import { useForm } from '../../common/forms/use-form';
import { showError, showSuccess } from '../../common/notify';
import { useIsMobile } from '../../shell/use-is-mobile';
import { useCreateUserMutation } from './users-api';

type NewUserValues = { username: string; display_name: string; password: string };

const EMPTY: NewUserValues = { username: '', display_name: '', password: '' };

/** The add-user drawer (spec §2 "User management", §5 "Accounts"). */
export function AddUserDrawer({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('user');
  const isMobile = useIsMobile();
  const { values, setField } = useForm<NewUserValues>(EMPTY);
  const [createUser, creation] = useCreateUserMutation();

  const fields = useMemo<Array<FieldSpec<NewUserValues>>>(
    () => [
      { name: 'username', kind: 'text', label: t('form.username'), required: true, inputProps: { autoComplete: 'off' } },
      { name: 'display_name', kind: 'text', label: t('form.displayName'), placeholder: t('form.displayNameHint') },
      {
        name: 'password',
        kind: 'password',
        label: t('form.password'),
        required: true,
        inputProps: { autoComplete: 'new-password' },
      },
    ],
    [t],
  );

  const submit = async () => {
    const username = values.username.trim();
    if (!username || !values.password) {
      showError(t('validation.credentialsRequired'));
      return;
    }
    const result = await createUser({ username, display_name: values.display_name.trim(), password: values.password });
    if (result.error) return;
    showSuccess(t('messages.created'));
    onClose();
  };

  return (
    <Drawer
      isOpen
      position={Position.RIGHT}
      size={isMobile ? '100%' : 480}
      icon="new-person"
      title={t('form.addTitle')}
      onClose={onClose}
    >
      <form
        id="add-user"
        className={`${Classes.DRAWER_BODY} mg-user-drawer-body`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FieldList fields={fields} values={values} onChange={setField} />
      </form>
      <div className={`${Classes.DRAWER_FOOTER} mg-user-drawer-footer`}>
        <Button text={t('form.cancel')} onClick={onClose} />
        <Button type="submit" form="add-user" intent={Intent.PRIMARY} text={t('form.submit')} loading={creation.isLoading} />
      </div>
    </Drawer>
  );
}
