import { Callout, Card, Classes, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { usePublicStatus } from '../../app/status-api';
import { publicContentApi } from '../home/home-api';
import { PublicContent } from '../home/PublicContent';

/** `/about`: the admin's about content (a URL in a frame, else sanitised Markdown/HTML), or a default note. */
export function AboutPage() {
  const { t } = useTranslation('about');
  const status = usePublicStatus();
  const { data: content, isLoading, isError } = publicContentApi.useGetAboutQuery();
  if (isLoading) return <Spinner className="mg-home-spinner" />;
  if (isError) return <NonIdealState icon="error" title={t('loadFailed')} />;
  if (content?.trim()) {
    return (
      <div className="mg-about">
        <PublicContent content={content} title={t('title')} />
      </div>
    );
  }
  return (
    <div className="mg-about">
      <div className="mg-page-header">
        <h2>{t('title')}</h2>
      </div>
      <Card>
        <Callout icon="info-sign" title={t('empty.title')}>
          {t('empty.body')}
        </Callout>
        <p className={Classes.TEXT_MUTED} style={{ marginTop: 16 }}>
          {t('version', { version: status.version || t('unknownVersion') })}
        </p>
      </Card>
    </div>
  );
}
