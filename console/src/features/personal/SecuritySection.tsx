import { Button, ControlGroup, InputGroup, Intent, Section, SectionCard } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../common/copy-feedback';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { PasswordDialog } from './PasswordDialog';
import { useGenerateAccessTokenMutation } from './personal-api';

/** The system access token, the password and leaving for good. */
export function SecuritySection() {
  const { t } = useTranslation('personal');
  const [token, setToken] = useState('');
  const [dialog, setDialog] = useState<'password' | 'delete' | null>(null);
  const [generate, { isLoading }] = useGenerateAccessTokenMutation();

  const renewToken = async () => {
    try {
      const fresh = await generate().unwrap();
      setToken(fresh);
      await copyWithFeedback(fresh, t('security.token.copied'));
    } catch {
      // Shown by the error handler.
    }
  };

  return (
    <Section title={t('security.title')} icon="shield">
      <SectionCard>
        <p className="mg-muted">{t('security.token.hint')}</p>
        {token && (
          <ControlGroup fill className="mg-access-token">
            <InputGroup aria-label={t('security.token.label')} fill readOnly value={token} onFocus={(event) => event.currentTarget.select()} />
            <Button icon="duplicate" aria-label={t('security.token.copy')} onClick={() => void copyWithFeedback(token)} />
          </ControlGroup>
        )}
        <div className="mg-toolbar">
          <Button icon="key" loading={isLoading} text={t('security.token.generate')} onClick={() => void renewToken()} />
          <Button icon="lock" text={t('security.password.open')} onClick={() => setDialog('password')} />
          <Button icon="trash" intent={Intent.DANGER} text={t('security.delete.open')} onClick={() => setDialog('delete')} />
        </div>
      </SectionCard>
      <PasswordDialog isOpen={dialog === 'password'} onClose={() => setDialog(null)} />
      <DeleteAccountDialog isOpen={dialog === 'delete'} onClose={() => setDialog(null)} />
    </Section>
  );
}
