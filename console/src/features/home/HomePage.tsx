import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DefaultLanding } from './DefaultLanding';
import { publicContentApi } from './home-api';
import { NoticeDialog } from './NoticeDialog';
import { PublicContent } from './PublicContent';
import './home.css';

/** `/`: the admin's home page content (a URL in a frame, or Markdown), else a default landing. */
export function HomePage() {
  const { t } = useTranslation('home');
  const { data: content, isLoading, isError } = publicContentApi.useGetHomePageContentQuery();
  let body;
  if (isLoading) body = <Spinner className="mg-home-spinner" />;
  else if (isError) body = <NonIdealState icon="error" title={t('loadFailed')} />;
  else if (!content?.trim()) body = <DefaultLanding />;
  else body = <PublicContent content={content} title={t('contentTitle')} />;
  return (
    <div className="mg-home">
      {body}
      <NoticeDialog />
    </div>
  );
}
