import { Button, Intent } from '@blueprintjs/core';
import { type FormEvent, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePublicStatus } from '../../app/status-api';
import { FieldList } from '../../common/forms/FieldList';
import type { FieldSpec } from '../../common/forms/field-spec';
import { useForm } from '../../common/forms/use-form';
import { readStored, StorageKey } from '../../common/local-storage';
import { showSuccess } from '../../common/notify';
import { useRegisterMutation } from './auth-api';
import { AuthCard } from './AuthCard';
import { EmailCodeButton } from './EmailCodeButton';
import { EMPTY_REGISTRATION, type RegisterValues, validateRegistration } from './register-form';
import { ThirdPartyLogin } from './ThirdPartyLogin';
import { useHumanCheck } from './use-human-check';
import { useStoredInviteCode } from './use-stored-invite-code';
import { focusFirstInvalid } from '../../common/forms/focus-invalid';

/**
 * `/register` (spec §2 "Register"). When registration is closed (self-use mode, registration
 * off) the server refuses and its message is shown like any other failure.
 */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const status = usePublicStatus();
  const emailVerification = status.email_verification;
  const validate = useCallback((values: RegisterValues) => validateRegistration(values, emailVerification), [emailVerification]);
  const { values, errors, setField, check } = useForm<RegisterValues>(EMPTY_REGISTRATION, validate);
  const [register, { isLoading }] = useRegisterMutation();
  const humanCheck = useHumanCheck();
  useStoredInviteCode();

  const fields = useMemo<FieldSpec<RegisterValues>[]>(
    () => [
      {
        name: 'username',
        kind: 'text',
        label: t('register.username'),
        placeholder: t('register.usernamePlaceholder'),
        required: true,
        // No maxLength: a longer name is refused with a message, never cut short unseen.
        inputProps: { autoComplete: 'username', autoFocus: true },
      },
      {
        name: 'password',
        kind: 'password',
        label: t('register.password'),
        placeholder: t('register.passwordPlaceholder'),
        required: true,
        inputProps: { autoComplete: 'new-password' },
      },
      {
        name: 'password2',
        kind: 'password',
        label: t('register.password2'),
        placeholder: t('register.password2Placeholder'),
        required: true,
        inputProps: { autoComplete: 'new-password' },
      },
      {
        name: 'email',
        kind: 'email',
        label: t('register.email'),
        placeholder: t('register.emailPlaceholder'),
        visible: emailVerification,
        required: true,
        rightElement: <EmailCodeButton email={values.email} humanCheck={humanCheck} />,
        inputProps: { autoComplete: 'email' },
      },
      {
        name: 'verification_code',
        kind: 'text',
        label: t('register.code'),
        placeholder: t('register.codePlaceholder'),
        visible: emailVerification,
        required: true,
      },
    ],
    [t, emailVerification, values.email, humanCheck],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check()) {
      focusFirstInvalid(event.currentTarget as HTMLFormElement);
      return;
    }
    const turnstile = humanCheck.take();
    if (turnstile === null) return;
    const result = await register({
      username: values.username.trim(),
      password: values.password,
      password2: values.password2,
      email: emailVerification ? values.email.trim() : '',
      verification_code: emailVerification ? values.verification_code.trim() : '',
      aff_code: readStored(StorageKey.aff) ?? '',
      turnstile,
    });
    if ('error' in result) return;
    showSuccess(t('register.succeeded'));
    navigate('/login');
  };

  return (
    <AuthCard title={t('register.title')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FieldList fields={fields} values={values} errors={errors} onChange={setField} />
        {humanCheck.widget}
        <Button type="submit" intent={Intent.PRIMARY} fill loading={isLoading} text={t('register.submit')} />
      </form>
      <div className="mg-auth-links">
        <Link to="/login">{t('register.toLogin')}</Link>
      </div>
      <ThirdPartyLogin />
    </AuthCard>
  );
}
