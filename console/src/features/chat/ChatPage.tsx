import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import './chat.css';
import { useChatLaunch } from './use-chat-launch';

/** The saved chat link number of a route parameter (absent is the first link). */
export function chatIndexOf(param: string | null | undefined): number {
  if (param === null || param === undefined || param === '') return 0;
  return /^\d+$/.test(param) ? Number(param) : -1;
}

/** `/chat/{id?}`: embeds saved chat link number `id` (default 0) in a full-size frame. */
export function ChatPage() {
  const { t } = useTranslation('chat');
  const { id } = useParams();
  const launch = useChatLaunch(chatIndexOf(id));
  if (launch.state === 'ready') {
    return (
      <iframe
        className="mg-chat-frame"
        title={t('frameTitle', { name: launch.name })}
        src={launch.url}
        allow="camera;microphone;clipboard-read;clipboard-write"
      />
    );
  }
  if (launch.state === 'failed') {
    return <NonIdealState className="mg-chat-state" icon="chat" title={launch.message || t('redirecting')} />;
  }
  return <NonIdealState className="mg-chat-state" icon={<Spinner />} title={t('redirecting')} />;
}
