import { Card, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { RequireRole } from '../../shell/RequireRole';
import { ChannelEditorForm } from './ChannelEditorForm';

/**
 * `/channel/add` and `/channel/edit/:id`: the channel editor as a page of its own, working when
 * opened directly (the reference's crash is not copied). Saving or cancelling returns to `/channel`.
 */
export function ChannelEditPage() {
  return (
    <RequireRole level="admin">
      <ChannelEditScreen />
    </RequireRole>
  );
}

function ChannelEditScreen() {
  const { t } = useTranslation('channel');
  const { id } = useParams();
  const navigate = useNavigate();
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
