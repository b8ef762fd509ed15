import { Button, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <NonIdealState
      className="mg-not-found"
      icon="search"
      title={t('notFound.title')}
      description={t('notFound.description')}
      action={<Button icon="home" text={t('notFound.home')} onClick={() => navigate('/')} />}
    />
  );
}
