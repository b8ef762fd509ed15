import { Button, Callout, ControlGroup, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { copyWithFeedback } from '../../common/copy-feedback';
import { useConfirmPasswordResetMutation } from './auth-api';
import { AuthCard } from './AuthCard';

/**
 * `/user/reset?email=&token=`: the link of the reset mail. Confirming redeems the link (once) and
 * shows the new password the server generated, with a copy button.
 */
export function ResetConfirmPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const [confirm, { data: password, isLoading }] = useConfirmPasswordResetMutation();

  if (!email || !token) {
    return (
      <AuthCard title={t('resetConfirm.title')}>
        <Callout intent={Intent.DANGER} icon="error">
          {t('resetConfirm.invalidLink')}
        </Callout>
        <div className="mg-auth-links">
          <Link to="/reset">{t('resetConfirm.requestAgain')}</Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('resetConfirm.title')}>
      <FormGroup label={t('resetConfirm.email')} labelFor="reset-confirm-email">
        <InputGroup id="reset-confirm-email" value={email} readOnly />
      </FormGroup>
      {password ? (
        <>
          <Callout className="mg-auth-callout" intent={Intent.SUCCESS} icon="tick-circle">
            {t('resetConfirm.done')}
          </Callout>
          <FormGroup label={t('resetConfirm.newPassword')} labelFor="reset-new-password">
            <ControlGroup fill>
              <InputGroup id="reset-new-password" value={password} readOnly />
              <Button
                icon="duplicate"
                text={t('resetConfirm.copy')}
                onClick={() => void copyWithFeedback(password, t('resetConfirm.copied'))}
              />
            </ControlGroup>
          </FormGroup>
          <Link to="/login">{t('resetConfirm.toLogin')}</Link>
        </>
      ) : (
        <Button
          intent={Intent.PRIMARY}
          fill
          loading={isLoading}
          text={t('resetConfirm.submit')}
          onClick={() => void confirm({ email, token })}
        />
      )}
    </AuthCard>
  );
}
