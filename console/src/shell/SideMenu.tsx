import { Button, Menu, MenuDivider, MenuItem, Tooltip } from '@blueprintjs/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '../app/hooks';
import { usePublicStatus } from '../app/status-api';
import { chatLinkName } from '../features/chat/chat-links';
import { sideMenuGroups } from './side-menu-items';

export interface SideMenuProps {
  collapsed: boolean;
  onToggleCollapsed(): void;
  /** Called after an entry is chosen (the mobile layout closes the overlay). */
  onNavigate?(): void;
}

/** The console's sidebar (spec §2 "Shell"). Collapsed, it shows icons with tooltips. */
export function SideMenu({ collapsed, onToggleCollapsed, onNavigate }: SideMenuProps) {
  const { t } = useTranslation('shell');
  const status = usePublicStatus();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const go = (to: string) => {
    navigate(to);
    onNavigate?.();
  };
  const isActive = (to: string) => pathname === to || pathname.startsWith(`${to}/`);
  const label = (text: string, content: ReactElement) =>
    collapsed ? (
      <Tooltip content={text} placement="right" key={text}>
        {content}
      </Tooltip>
    ) : (
      content
    );

  return (
    <aside className={`mg-sidebar${collapsed ? ' mg-sidebar-collapsed' : ''}`} aria-label={t('menu.label')}>
      <Menu className="mg-sidebar-menu">
        {sideMenuGroups(status, user).map((group, index) => (
          <div key={group.title ?? index} role="group" aria-label={group.title ? t(group.title) : undefined}>
            {group.title && (collapsed ? <MenuDivider /> : <MenuDivider title={t(group.title)} />)}
            {group.items.map((item) =>
              label(
                t(item.label),
                <MenuItem
                  key={item.to}
                  icon={item.icon}
                  text={collapsed ? undefined : t(item.label)}
                  aria-label={t(item.label)}
                  active={isActive(item.to)}
                  href={item.to}
                  onClick={(event) => {
                    event.preventDefault();
                    go(item.to);
                  }}
                />,
              ),
            )}
            {index === 0 &&
              label(
                t('menu.chat'),
                <MenuItem
                  key="chat"
                  icon="chat"
                  text={collapsed ? undefined : t('menu.chat')}
                  aria-label={t('menu.chat')}
                  active={pathname.startsWith('/chat/')}
                  disabled={status.chats.length === 0}
                >
                  {status.chats.map((chat, chatIndex) => {
                    const name = chatLinkName(chat, chatIndex);
                    return (
                      <MenuItem
                        key={chatIndex}
                        text={name}
                        active={pathname === `/chat/${chatIndex}`}
                        onClick={() => go(`/chat/${chatIndex}`)}
                      />
                    );
                  })}
                </MenuItem>,
              )}
          </div>
        ))}
      </Menu>
      <Button
        className="mg-sidebar-toggle"
        variant="minimal"
        fill
        alignText="start"
        icon={collapsed ? 'double-chevron-right' : 'double-chevron-left'}
        text={collapsed ? undefined : t('menu.collapse')}
        aria-label={collapsed ? t('menu.expand') : t('menu.collapse')}
        onClick={onToggleCollapsed}
      />
    </aside>
  );
}
