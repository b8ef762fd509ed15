import { Button, Callout, Icon, type IconName, Spinner, Tooltip } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../common/copy-feedback';
import type { ChatMessage, ChatRole } from './chat-messages';
import { renderMarkdown } from './markdown';

const ROLE_ICONS: Record<ChatRole, IconName> = { user: 'person', assistant: 'predictive-analysis', system: 'cog' };

function MarkdownText({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  return <div className="mg-pg-markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** One message: the role's avatar, then a bubble (user on the right, assistant on the left). */
export function MessageBubble({ message, content }: { message: ChatMessage; content: string }) {
  const { t } = useTranslation('playground');
  const roleName = t(`roles.${message.role}`);
  const status = message.status;
  let body;
  if (status === 'loading') {
    body = (
      <span className="mg-pg-loading">
        <Spinner size={16} aria-label={t('message.waiting')} />
      </span>
    );
  } else if (message.role === 'user') {
    body = <div className="mg-pg-plain">{content}</div>;
  } else if (status === 'error') {
    body = (
      <Callout intent="danger" icon="error" compact>
        <MarkdownText text={content} />
      </Callout>
    );
  } else {
    body = <MarkdownText text={content} />;
  }
  return (
    <div
      className={`mg-pg-message mg-pg-message-${message.role}`}
      data-testid="chat-message"
      data-role={message.role}
      data-status={status ?? 'complete'}
    >
      <div className="mg-pg-avatar" title={roleName} aria-label={roleName}>
        <Icon icon={ROLE_ICONS[message.role]} />
      </div>
      <div className="mg-pg-bubble-column">
        <div className={`mg-pg-bubble${status === 'error' ? ' mg-pg-bubble-error' : ''}`}>{body}</div>
        {status !== 'loading' && content !== '' && (
          <div className="mg-pg-message-actions">
            <Tooltip content={t('message.copy')} compact>
              <Button
                size="small"
                variant="minimal"
                icon="duplicate"
                aria-label={t('message.copy')}
                onClick={() => void copyWithFeedback(content, t('message.copied'))}
              />
            </Tooltip>
          </div>
        )}
      </div>
    </div>
  );
}
