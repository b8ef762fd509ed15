import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from './chat-messages';
import { MessageBubble } from './MessageBubble';

/** The conversation, kept scrolled to the newest text while a reply streams in. */
export function MessageList({ messages }: { messages: ChatMessage[] }) {
  const { t } = useTranslation('playground');
  const listRef = useRef<HTMLDivElement>(null);
  const last = messages[messages.length - 1];

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length, last?.content, last?.status]);

  return (
    <div className="mg-pg-messages" ref={listRef} role="log" aria-live="polite" aria-label={t('chat.title')}>
      {messages.map((message) => {
        // The greeting follows the current language; everything else shows as written.
        const content = message.greeting
          ? t(message.role === 'user' ? 'greeting.hello' : 'greeting.reply')
          : message.content;
        return <MessageBubble key={message.id} message={message} content={content} />;
      })}
    </div>
  );
}
