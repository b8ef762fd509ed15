import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../app/hooks';
import { statusApi, usePublicStatus } from '../../app/status-api';
import { showError } from '../../common/notify';
import i18n from '../../i18n';
import { useListTokensQuery } from '../tokens/tokens-api';
import { buildChatUrl, chatEntryAt, firstEnabledToken, needsKey } from './chat-links';

/** Tokens looked at when launching a chat (spec §7: up to 100, enabled only). */
export const CHAT_TOKEN_LOOKUP = { page: 0, size: 100 } as const;
/** Wait before leaving for the token page when no token is enabled (spec §4). */
export const NO_TOKEN_REDIRECT_MS = 1_500;

export type ChatLaunch =
  | { state: 'loading' }
  | { state: 'ready'; name: string; url: string }
  | { state: 'failed'; message: string; then?: 'login' | 'tokens' };

/**
 * Resolves saved chat link number `index` into a URL for `/chat/{id}` and `/chat2link`: waits for
 * the status, fills `{key}` with the signed-in user's first enabled token and `{address}` with the
 * server address. Failures are toasted once; a signed-out user goes to /login, a user without an
 * enabled token to /token after 1.5 s.
 */
export function useChatLaunch(index: number): ChatLaunch {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const status = usePublicStatus();
  const statusQuery = statusApi.useGetStatusQuery(undefined);
  const statusSettled = statusQuery.isSuccess || statusQuery.isError;
  const entry = useMemo(
    () => (statusSettled ? chatEntryAt(status.chats, index) : null),
    [statusSettled, status.chats, index],
  );
  const wantsKey = typeof entry === 'object' && entry !== null && needsKey(entry.template);
  const tokens = useListTokensQuery(CHAT_TOKEN_LOOKUP, { skip: !wantsKey || !user });

  const launch = useMemo((): ChatLaunch => {
    if (entry === null) return { state: 'loading' };
    if (entry === 'invalid') return { state: 'failed', message: i18n.t('chat:messages.parseFailed') };
    if (entry === 'missing') return { state: 'failed', message: i18n.t('chat:messages.noLinks') };
    const origin = window.location.origin;
    if (!wantsKey) return { state: 'ready', name: entry.name, url: buildChatUrl(entry.template, '', status.server_address, origin) };
    if (!user) return { state: 'failed', message: '', then: 'login' };
    if (tokens.isError) return { state: 'failed', message: i18n.t('chat:messages.tokensFailed') };
    if (!tokens.data) return { state: 'loading' };
    const token = firstEnabledToken(tokens.data);
    if (!token) return { state: 'failed', message: i18n.t('chat:messages.noEnabledToken'), then: 'tokens' };
    return { state: 'ready', name: entry.name, url: buildChatUrl(entry.template, token.key, status.server_address, origin) };
  }, [entry, wantsKey, user, tokens.isError, tokens.data, status.server_address]);

  const reported = useRef(false);
  useEffect(() => {
    if (launch.state !== 'failed') return undefined;
    if (launch.then === 'login') {
      navigate('/login', { replace: true });
      return undefined;
    }
    if (!reported.current) showError(launch.message);
    reported.current = true;
    if (launch.then !== 'tokens') return undefined;
    const timer = window.setTimeout(() => navigate('/token'), NO_TOKEN_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [launch, navigate]);

  return launch;
}
