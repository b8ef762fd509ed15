import type { IconName } from '@blueprintjs/icons';
import type { PublicStatus } from '../app/public-status';
import type { StoredUser } from '../app/request-headers';
import { isAdmin, isRoot } from '../app/session-slice';

export interface SideMenuItem {
  to: string;
  /** i18n key in the `shell` namespace. */
  label:
    | 'menu.playground'
    | 'menu.dashboard'
    | 'menu.tokens'
    | 'menu.logs'
    | 'menu.drawingLogs'
    | 'menu.taskLogs'
    | 'menu.channels'
    | 'menu.redemptions'
    | 'menu.users'
    | 'menu.settings'
    | 'menu.wallet'
    | 'menu.personal';
  icon: IconName;
}

export interface SideMenuGroup {
  title?: 'menu.consoleGroup' | 'menu.adminGroup' | 'menu.personalGroup';
  items: SideMenuItem[];
}

/**
 * The sidebar's groups and entries with the conditions of spec §2 "Shell": dashboard, drawing and
 * task logs by their status flags; the admin group for admins, with channels and redemption codes
 * for the super admin only. (The Chat submenu is drawn separately from the status's chat links.)
 */
export function sideMenuGroups(status: PublicStatus, user: StoredUser | null): SideMenuGroup[] {
  const consoleItems: SideMenuItem[] = [
    ...(status.enable_data_export ? [{ to: '/detail', label: 'menu.dashboard', icon: 'dashboard' } as const] : []),
    { to: '/token', label: 'menu.tokens', icon: 'key' },
    { to: '/log', label: 'menu.logs', icon: 'history' },
    ...(status.enable_drawing ? [{ to: '/midjourney', label: 'menu.drawingLogs', icon: 'media' } as const] : []),
    ...(status.enable_task ? [{ to: '/task', label: 'menu.taskLogs', icon: 'music' } as const] : []),
  ];
  const groups: SideMenuGroup[] = [
    { items: [{ to: '/playground', label: 'menu.playground', icon: 'chat' }] },
    { title: 'menu.consoleGroup', items: consoleItems },
  ];
  if (isAdmin(user)) {
    groups.push({
      title: 'menu.adminGroup',
      items: [
        ...(isRoot(user)
          ? ([
              { to: '/channel', label: 'menu.channels', icon: 'layers' },
              { to: '/redemption', label: 'menu.redemptions', icon: 'barcode' },
            ] as const)
          : []),
        { to: '/user', label: 'menu.users', icon: 'people' },
        ...(isRoot(user) ? ([{ to: '/setting', label: 'menu.settings', icon: 'cog' }] as const) : []),
      ],
    });
  }
  groups.push({
    title: 'menu.personalGroup',
    items: [
      { to: '/topup', label: 'menu.wallet', icon: 'credit-card' },
      { to: '/personal', label: 'menu.personal', icon: 'person' },
    ],
  });
  return groups;
}
