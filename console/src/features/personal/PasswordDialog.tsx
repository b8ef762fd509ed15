import type { TFunction } from 'i18next';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../common/FormDialog';
import type { FieldErrors, FieldSpec } from '../../common/forms/field-spec';
import { FieldList } from '../../common/forms/FieldList';
import { useForm } from '../../common/forms/use-form';
import { showSuccess } from '../../common/notify';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLengthProblem } from '../../common/password-rules';
import { useChangePasswordMutation } from './personal-api';

export interface PasswordValues extends Record<string, unknown> {
  original: string;
  password: string;
  confirm: string;
}

const EMPTY: PasswordValues = { original: '', password: '', confirm: '' };

/** The password rules the server applies too: 8–20 characters, typed twice alike. */
export function passwordErrors(values: PasswordValues, t: TFunction<'personal'>): FieldErrors<PasswordValues> {
  const errors: FieldErrors<PasswordValues> = {};
  const lengthProblem = passwordLengthProblem(values.password);
  if (lengthProblem === 'tooShort') errors.password = t('security.password.tooShort', { min: PASSWORD_MIN_LENGTH });
  else if (lengthProblem === 'tooLong') errors.password = t('security.password.tooLong', { max: PASSWORD_MAX_LENGTH });
  if (values.confirm !== values.password) errors.confirm = t('security.password.mismatch');
  return errors;
}

/**
 * Changes the password. The server requires the current one (only an account that has none yet,
 * signed up through a third party, may leave it empty), and ends the user's other sessions and
 * revokes the system access token.
 */
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
    {
      name: 'original',
      kind: 'password',
      label: t('security.password.original'),
      placeholder: t('security.password.originalPlaceholder'),
      inputProps: { autoComplete: 'current-password' },
    },
    {
      name: 'password',
      kind: 'password',
      label: t('security.password.new'),
      required: true,
      placeholder: t('security.password.placeholder', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }),
      inputProps: { autoComplete: 'new-password' },
    },
    { name: 'confirm', kind: 'password', label: t('security.password.confirm'), required: true, inputProps: { autoComplete: 'new-password' } },
  ];

  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('security.password.title')}
      icon="lock"
      submitText={t('security.password.submit')}
      busy={isLoading}
      onSubmit={() => void submit()}
    >
      <FieldList fields={fields} values={values} errors={errors} onChange={setField} />
    </FormDialog>
  );
}
