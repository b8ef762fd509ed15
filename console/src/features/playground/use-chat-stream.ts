import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { navigate } from '../../app/navigation';
import { signedOut } from '../../app/session-slice';
import { showError } from '../../common/notify';
import i18n from '../../i18n';
import { type ChatMessage, chatReducer, requestMessages } from './chat-messages';
import { failureMessageOf, postChatCompletion, refusalInJson } from './chat-request';
import { chatCompletionBody, type PlaygroundSettings } from './playground-settings';
import { readSseDeltas } from './sse-stream';

let lastId = 0;
function newMessageId(): string {
  lastId += 1;
  return `message-${Date.now()}-${lastId}`;
}

export interface ChatStream {
  messages: ChatMessage[];
  /** Whether a reply is being received (the Stop button shows). */
  streaming: boolean;
  /** Sends `text` with the conversation so far; false when nothing was sent. */
  send(text: string): boolean;
  /** Stops the reply in progress: it keeps what arrived and is complete. */
  stop(): void;
  /** Clear context: stops any reply and starts over with `initialMessages()`. */
  clear(): void;
}

/**
 * The playground conversation and its streaming requests. Each send posts the history to
 * `/pg/chat/completions` and feeds the streamed text into the assistant reply (spec §4 states).
 */
export function useChatStream(userId: number | undefined, settings: PlaygroundSettings, initialMessages: () => ChatMessage[]): ChatStream {
  const appDispatch = useAppDispatch();
  const [messages, dispatch] = useReducer(chatReducer, undefined, initialMessages);
  const [activeReply, setActiveReply] = useState<string | null>(null);
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const receive = useCallback(
    async (replyId: string, response: Response) => {
      if (response.status === 401) {
        const expired = i18n.t('errors:session.expired');
        dispatch({ type: 'failed', id: replyId, error: expired });
        appDispatch(signedOut());
        showError(expired);
        navigate('/login?expired=true');
        return;
      }
      if (!response.ok || !response.body) {
        dispatch({ type: 'failed', id: replyId, error: failureMessageOf(await response.text(), response.status) });
        return;
      }
      if ((response.headers.get('Content-Type') ?? '').includes('application/json')) {
        const text = await response.text();
        const refusal = refusalInJson(text);
        if (refusal !== null) dispatch({ type: 'failed', id: replyId, error: refusal });
        else dispatch({ type: 'completed', id: replyId });
        return;
      }
      for await (const text of readSseDeltas(response.body)) dispatch({ type: 'delta', id: replyId, text });
      dispatch({ type: 'completed', id: replyId });
    },
    [appDispatch],
  );

  const send = useCallback(
    (text: string) => {
      if (controllerRef.current || text.trim() === '') return false;
      const at = Date.now();
      const userMessageId = newMessageId();
      const replyId = newMessageId();
      const history = requestMessages([...messages, { id: userMessageId, role: 'user', content: text, createAt: at }], settings.systemPrompt);
      dispatch({ type: 'sent', userId: userMessageId, replyId, content: text, at });
      const controller = new AbortController();
      controllerRef.current = controller;
      setActiveReply(replyId);
      postChatCompletion(userId, chatCompletionBody(settings, history), controller.signal)
        .then((response) => receive(replyId, response))
        .catch((error: unknown) => {
          if (controller.signal.aborted) dispatch({ type: 'completed', id: replyId });
          else dispatch({ type: 'failed', id: replyId, error: error instanceof Error ? error.message : String(error) });
        })
        .finally(() => {
          if (controllerRef.current === controller) {
            controllerRef.current = null;
            setActiveReply(null);
          }
        });
      return true;
    },
    [messages, settings, userId, receive],
  );

  const stop = useCallback(() => {
    const controller = controllerRef.current;
    if (!controller) return;
    controllerRef.current = null;
    controller.abort();
    if (activeReply) dispatch({ type: 'completed', id: activeReply });
    setActiveReply(null);
  }, [activeReply]);

  const clear = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    setActiveReply(null);
    dispatch({ type: 'reset', messages: initialMessages() });
  }, [initialMessages]);

  return { messages, streaming: activeReply !== null, send, stop, clear };
}
