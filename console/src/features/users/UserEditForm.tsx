import { Button, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuotaDisplay } from '../../app/status-api';
import { FieldList } from '../../common/forms/FieldList';
import type { FieldSpec } from '../../common/forms/field-spec';
import { useForm } from '../../common/forms/use-form';
import { showSuccess } from '../../common/notify';
import { renderQuota } from '../../common/quota';
import { AddQuotaDialog } from './AddQuotaDialog';
import { UserBindings } from './UserBindings';
import { parseQuota, type UserEditValues, userChanges, userEditValues, validateUserEdit } from './user-edit-form';
import {
  type ManagedUser,
  useGetManagedUserQuery,
  useListUserGroupsQuery,
  useUpdateUserMutation,
} from './users-api';

export interface UserEditFormProps {
  userId: number;
  /** Class names of the scrolling body and the button row (a drawer's or a page's). */
  bodyClassName?: string;
  footerClassName?: string;
  onSaved(): void;
  onCancel(): void;
}

/** The user editor (reference §8.3), shared by the drawer on `/user` and the `/user/edit/:id` page. */
export function UserEditForm(props: UserEditFormProps) {
  const { t } = useTranslation('user');
  const loaded = useGetManagedUserQuery(props.userId, { refetchOnMountOrArgChange: true });
  if (loaded.data) return <UserEditor user={loaded.data} {...props} />;
  if (loaded.isError) return <NonIdealState icon="error" title={t('form.loadFailed')} />;
  return <Spinner className="mg-user-loading" />;
}

function UserEditor({ user, bodyClassName, footerClassName, onSaved, onCancel }: UserEditFormProps & { user: ManagedUser }) {
  const { t } = useTranslation('user');
  const display = useQuotaDisplay();
  const { values, errors, setField, check } = useForm<UserEditValues>(() => userEditValues(user), validateUserEdit);
  const { data: groups = [] } = useListUserGroupsQuery();
  const [updateUser, update] = useUpdateUserMutation();
  const [addingQuota, setAddingQuota] = useState(false);
  const quota = parseQuota(values.quota);
  const formId = `user-editor-${user.id}`;

  const fields = useMemo<Array<FieldSpec<UserEditValues>>>(() => {
    const groupNames = groups.includes(user.group) || !user.group ? groups : [user.group, ...groups];
    return [
      { name: 'username', kind: 'text', label: t('form.username'), required: true, inputProps: { autoComplete: 'off' } },
      {
        name: 'password',
        kind: 'password',
        label: t('form.password'),
        placeholder: t('form.passwordKeep'),
        inputProps: { autoComplete: 'new-password' },
      },
      { name: 'display_name', kind: 'text', label: t('form.displayName') },
      {
        name: 'group',
        kind: 'select',
        label: t('form.group'),
        helperText: t('form.groupHint'),
        options: groupNames.map((name) => ({ value: name, label: name })),
      },
      {
        name: 'quota',
        kind: 'text',
        label: quota === null ? t('form.quota') : t('form.quotaWithValue', { rendered: renderQuota(quota, display) }),
        inputProps: { inputMode: 'numeric' },
        rightElement: (
          <Button
            variant="minimal"
            icon="plus"
            text={t('addQuota.open')}
            disabled={quota === null}
            onClick={() => setAddingQuota(true)}
          />
        ),
      },
    ];
  }, [t, groups, user.group, quota, display]);

  const submit = async () => {
    if (!check()) return;
    const result = await updateUser(userChanges(user, values));
    if (result.error) return;
    showSuccess(t('messages.updated'));
    onSaved();
  };

  return (
    <>
      <form
        id={formId}
        className={bodyClassName}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FieldList fields={fields} values={values} errors={errors} onChange={setField} />
        <UserBindings user={user} />
      </form>
      <div className={footerClassName}>
        <Button text={t('form.cancel')} onClick={onCancel} />
        <Button type="submit" form={formId} intent={Intent.PRIMARY} text={t('form.submit')} loading={update.isLoading} />
      </div>
      {addingQuota && quota !== null && (
        <AddQuotaDialog
          current={quota}
          onClose={() => setAddingQuota(false)}
          onApply={(total) => {
            setField('quota', String(total));
            setAddingQuota(false);
          }}
        />
      )}
    </>
  );
}
