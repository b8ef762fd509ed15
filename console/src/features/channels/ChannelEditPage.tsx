import { Card, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../app/hooks';
import { isAdmin } from '../../app/session-slice';
import { ChannelEditorForm } from './ChannelEditorForm';

/**
 * `/channel/add` and `/channel/edit/:id`: the channel editor as a page of its own, working when
 * opened directly (the reference's crash is not copied). Saving or cancelling returns to `/channel`.
 */
export function ChannelEditPage() {
  const { t } = useTranslation('channel');
  const { id } = useParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  if (!isAdmin(user)) {
    return <NonIdealState icon="lock" title={t('editor.noPermission.title')} description={t('editor.noPermission.description')} />;
  }
  const creating = id === undefined;
  const channelId = !creating && /^\d{1,10}$/.test(id) && Number(id) > 0 ? Number(id) : null;
  const back = () => void navigate('/channel');
  return (
    <div className="mg-channel-page">
      <div className="mg-page-header">
        <h2>{creating ? t('editor.title.create') : t('editor.title.edit')}</h2>
      </div>
      <Card>
        {creating || channelId !== null ? (
          <ChannelEditorForm
            key={channelId ?? 'new'}
            channelId={channelId}
            footerClassName="mg-channel-page-footer"
            onSaved={back}
            onCancel={back}
          />
        ) : (
          <NonIdealState icon="search" title={t('editor.messages.loadFailed')} />
        )}
      </Card>
    </div>
  );
}
