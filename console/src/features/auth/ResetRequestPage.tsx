import { Button, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showSuccess } from '../../common/notify';
import { useCountdown } from '../../common/use-countdown';
import { useRequestPasswordResetMutation } from './auth-api';
import { AuthCard } from './AuthCard';
import { useHumanCheck } from './use-human-check';

/** `/reset` (spec §2 "Password reset request"): mails a reset link, then locks retries for 30 s. */
export function ResetRequestPage() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const humanCheck = useHumanCheck();
  const countdown = useCountdown();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (countdown.running) return;
    const address = email.trim();
    if (!address) {
      setError(t('reset.emailRequired'));
      return;
    }
    const turnstile = humanCheck.take();
    if (turnstile === null) return;
    const result = await requestReset({ email: address, turnstile });
    if ('error' in result) return;
    showSuccess(t('reset.sent'));
    countdown.start();
  };

  return (
    <AuthCard title={t('reset.title')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FormGroup
          label={t('reset.email')}
          labelFor="reset-email"
          helperText={error || t('reset.help')}
          intent={error ? Intent.DANGER : Intent.NONE}
        >
          <InputGroup
            id="reset-email"
            type="email"
            autoComplete="email"
            placeholder={t('reset.emailPlaceholder')}
            intent={error ? Intent.DANGER : Intent.NONE}
            value={email}
            onValueChange={(value) => {
              setEmail(value);
              setError('');
            }}
          />
        </FormGroup>
        {humanCheck.widget}
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          fill
          loading={isLoading}
          disabled={countdown.running}
          text={countdown.running ? t('reset.retryIn', { seconds: countdown.remaining }) : t('reset.submit')}
        />
      </form>
      <div className="mg-auth-links">
        <Link to="/login">{t('reset.toLogin')}</Link>
      </div>
    </AuthCard>
  );
}
