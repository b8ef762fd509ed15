import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors, FieldSpec } from '../../common/forms/field-spec';
import { FieldList } from '../../common/forms/FieldList';
import { useForm } from '../../common/forms/use-form';
import { showSuccess } from '../../common/notify';
import { useChangePasswordMutation } from './personal-api';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;

export interface PasswordValues extends Record<string, unknown> {
  original: string;
  password: string;
  confirm: string;
}

const EMPTY: PasswordValues = { original: '', password: '', confirm: '' };

/** The password rules the server applies too: 8–20 characters, typed twice alike. */
export function passwordErrors(values: PasswordValues, t: TFunction<'personal'>): FieldErrors<PasswordValues> {
  const errors: FieldErrors<PasswordValues> = {};
  if (values.password.length < PASSWORD_MIN) errors.password = t('security.password.tooShort', { min: PASSWORD_MIN });
  else if (values.password.length > PASSWORD_MAX) errors.password = t('security.password.tooLong', { max: PASSWORD_MAX });
  if (values.confirm !== values.password) errors.confirm = t('security.password.mismatch');
  return errors;
}

/** Changes the password; the current one is checked by the server when given. */
export function PasswordDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const { t } = useTranslation('personal');
  const validate = useMemo(() => (values: PasswordValues) => passwordErrors(values, t), [t]);
  const { values, errors, setErrors, setValues, setField, check } = useForm<PasswordValues>(EMPTY, validate);
  const [change, { isLoading }] = useChangePasswordMutation();

  useEffect(() => {
    if (isOpen) {
      setValues(EMPTY);
      setErrors({});
    }
  }, [isOpen, setValues, setErrors]);

  const submit = async () => {
    if (!check()) return;
    try {
      await change(values.original ? { password: values.password, original_password: values.original } : { password: values.password }).unwrap();
      showSuccess(t('security.password.changed'));
      onClose();
    } catch {
      // Shown by the error handler (wrong current password, rules).
    }
  };

  const fields: FieldSpec<PasswordValues>[] = [
    { name: 'original', kind: 'password', label: t('security.password.original'), inputProps: { autoComplete: 'current-password' } },
    {
      name: 'password',
      kind: 'password',
      label: t('security.password.new'),
      required: true,
      placeholder: t('security.password.placeholder', { min: PASSWORD_MIN, max: PASSWORD_MAX }),
      inputProps: { autoComplete: 'new-password' },
    },
    { name: 'confirm', kind: 'password', label: t('security.password.confirm'), required: true, inputProps: { autoComplete: 'new-password' } },
  ];

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('security.password.title')} icon="lock">
      <DialogBody>
        <FieldList fields={fields} values={values} errors={errors} onChange={setField} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('actions.cancel')} onClick={onClose} />
            <Button intent={Intent.PRIMARY} loading={isLoading} text={t('security.password.submit')} onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
}
