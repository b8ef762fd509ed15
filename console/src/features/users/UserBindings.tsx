import { FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ManagedUser } from './users-api';

const BINDINGS = ['email', 'github_id', 'oidc_id', 'wechat_id', 'telegram_id', 'linux_do_id'] as const;

/** The user's sign-in bindings, read-only: only the user binds them, on the personal page (spec §6). */
export function UserBindings({ user }: { user: ManagedUser }) {
  const { t } = useTranslation('user');
  return (
    <section className="mg-user-bindings" aria-label={t('bindings.title')}>
      <h4 className="mg-user-bindings-title">{t('bindings.title')}</h4>
      {BINDINGS.map((binding) => (
        <FormGroup key={binding} label={t(`bindings.${binding}`)} labelFor={`binding-${binding}`}>
          <InputGroup
            id={`binding-${binding}`}
            readOnly
            value={user[binding]}
            placeholder={t('bindings.placeholder')}
          />
        </FormGroup>
      ))}
    </section>
  );
}
