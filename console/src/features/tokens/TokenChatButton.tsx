import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { usePublicStatus } from '../../app/status-api';
import { showError } from '../../common/notify';
import { openInNewTab } from '../chat/browser-navigation';
import { buildChatUrl, readChatEntries } from '../chat/chat-links';

/**
 * "Chat" on a token row: a menu of the saved chat links, each opened in a new tab with this
 * token and the server address filled in. Without (valid) links it says whom to ask.
 */
export function TokenChatButton({ tokenKey }: { tokenKey: string }) {
  const { t } = useTranslation('token');
  const { t: tChat } = useTranslation('chat');
  const status = usePublicStatus();
  const entries = readChatEntries(status.chats);
  if (entries === 'invalid' || entries.length === 0) {
    const message = entries === 'invalid' ? tChat('messages.invalidLinks') : tChat('messages.noLinks');
    return <Button size="small" variant="minimal" icon="chat" text={t('actions.chat')} onClick={() => showError(message)} />;
  }
  return (
    <PopoverNext
      placement="bottom-start"
      content={
        <Menu aria-label={t('actions.chatMenu')}>
          {entries.map((entry) => (
            <MenuItem
              key={entry.name}
              text={entry.name}
              onClick={() => openInNewTab(buildChatUrl(entry.template, tokenKey, status.server_address, window.location.origin))}
            />
          ))}
        </Menu>
      }
    >
      <Button size="small" variant="minimal" icon="chat" endIcon="caret-down" text={t('actions.chat')} />
    </PopoverNext>
  );
}
