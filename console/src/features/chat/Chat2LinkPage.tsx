import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { leaveTo } from './browser-navigation';
import './chat.css';
import { chatIndexOf } from './ChatPage';
import { useChatLaunch } from './use-chat-launch';

/**
 * `/chat2link`: leaves the console for a saved chat link — number `?index=` (default 0, the
 * first) — with the user's first enabled token filled in, instead of embedding it. Problems are
 * reported as on `/chat`.
 */
export function Chat2LinkPage() {
  const { t } = useTranslation('chat');
  const [params] = useSearchParams();
  const launch = useChatLaunch(chatIndexOf(params.get('index')));
  const url = launch.state === 'ready' ? launch.url : null;
  useEffect(() => {
    if (url) leaveTo(url);
  }, [url]);
  if (launch.state === 'failed' && launch.message) {
    return <NonIdealState className="mg-chat-state" icon="chat" title={launch.message} />;
  }
  return <NonIdealState className="mg-chat-state" icon={<Spinner />} title={t('redirecting')} />;
}
