import { Button, Callout, Intent } from '@blueprintjs/core';
import { type FormEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { FieldList } from '../../common/forms/FieldList';
import type { FieldSpec } from '../../common/forms/field-spec';
import { useForm } from '../../common/forms/use-form';
import { showError, showWarning } from '../../common/notify';
import { useLoginMutation } from './auth-api';
import { AuthCard } from './AuthCard';
import { ThirdPartyLogin } from './ThirdPartyLogin';
import { useFinishSignIn } from './use-finish-sign-in';
import { useHumanCheck } from './use-human-check';
import { useStoredInviteCode } from './use-stored-invite-code';

interface LoginValues extends Record<string, unknown> {
  username: string;
  password: string;
}

/** Where a sign-in lands: the page RequireAuth sent the user away from, else the token list. */
function landingOf(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('/login') ? from : '/token';
}

/** `/login` (spec §2 "Login"): username or email and password, plus third-party options. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const { t: tErrors } = useTranslation('errors');
  const [params] = useSearchParams();
  const location = useLocation();
  const { values, setField } = useForm<LoginValues>({ username: '', password: '' });
  const [login, { isLoading }] = useLoginMutation();
  const humanCheck = useHumanCheck();
  const finishSignIn = useFinishSignIn();
  useStoredInviteCode();

  const fields = useMemo<FieldSpec<LoginValues>[]>(
    () => [
      {
        name: 'username',
        kind: 'text',
        label: t('login.username'),
        placeholder: t('login.usernamePlaceholder'),
        inputProps: { autoComplete: 'username', autoFocus: true },
      },
      {
        name: 'password',
        kind: 'password',
        label: t('login.password'),
        placeholder: t('login.passwordPlaceholder'),
        inputProps: { autoComplete: 'current-password' },
      },
    ],
    [t],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const username = values.username.trim();
    if (!username || !values.password) {
      showError(t('login.missingCredentials'));
      return;
    }
    const turnstile = humanCheck.take();
    if (turnstile === null) return;
    const result = await login({ username, password: values.password, turnstile });
    if (!result.data) return;
    finishSignIn(result.data, landingOf(location.state));
    if (result.data.default_password) showWarning(t('login.defaultPassword'));
  };

  return (
    <AuthCard title={t('login.title')}>
      {params.get('expired') === 'true' && (
        <Callout className="mg-auth-callout" intent={Intent.DANGER} icon="time">
          {tErrors('session.expired')}
        </Callout>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FieldList fields={fields} values={values} onChange={setField} />
        {humanCheck.widget}
        <Button type="submit" intent={Intent.PRIMARY} fill loading={isLoading} text={t('login.submit')} />
      </form>
      <div className="mg-auth-links">
        <Link to="/register">{t('login.toRegister')}</Link>
        <Link to="/reset">{t('login.toReset')}</Link>
      </div>
      <ThirdPartyLogin />
    </AuthCard>
  );
}
