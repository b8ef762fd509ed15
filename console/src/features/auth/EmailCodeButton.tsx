import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../common/notify';
import { useCountdown } from '../../common/use-countdown';
import { useSendVerificationCodeMutation } from './auth-api';
import type { HumanCheck } from './use-human-check';

export interface EmailCodeButtonProps {
  email: string;
  humanCheck: HumanCheck;
}

/**
 * "Get code" beside the email field: sends a verification code to the typed address, then stays
 * locked for 30 seconds showing the seconds left (spec §4 "Email code"). An empty address is
 * ignored, as the spec asks at registration.
 */
export function EmailCodeButton({ email, humanCheck }: EmailCodeButtonProps) {
  const { t } = useTranslation('auth');
  const [send, { isLoading }] = useSendVerificationCodeMutation();
  const countdown = useCountdown();

  const onClick = async () => {
    const address = email.trim();
    if (!address) return;
    const turnstile = humanCheck.take();
    if (turnstile === null) return;
    const result = await send({ email: address, turnstile });
    if ('error' in result) return;
    showSuccess(t('register.codeSent'));
    countdown.start();
  };

  return (
    <Button
      variant="minimal"
      loading={isLoading}
      disabled={countdown.running}
      text={countdown.running ? t('register.resendIn', { seconds: countdown.remaining }) : t('register.getCode')}
      onClick={() => void onClick()}
    />
  );
}
