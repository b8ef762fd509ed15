import { DEFAULT_STATUS } from '../app/public-status';
import type { StoredUser } from '../app/request-headers';
import { sideMenuGroups } from './side-menu-items';

const user = (role: number): StoredUser => ({ id: 2, username: 'u', role, status: 1 });
const entries = (groups: ReturnType<typeof sideMenuGroups>) => groups.flatMap((group) => group.items.map((item) => item.to));

describe('side menu entries', () => {
  it('shows the dashboard, drawing and task logs only when their flags are on', () => {
    expect(entries(sideMenuGroups(DEFAULT_STATUS, user(1)))).toEqual(['/playground', '/token', '/log', '/topup', '/personal']);
    const flagged = { ...DEFAULT_STATUS, enable_data_export: true, enable_drawing: true, enable_task: true };
    expect(entries(sideMenuGroups(flagged, user(1)))).toEqual([
      '/playground', '/detail', '/token', '/log', '/midjourney', '/task', '/topup', '/personal',
    ]);
  });

  it('gives admins user management only, and the super admin channels, codes and settings too', () => {
    expect(entries(sideMenuGroups(DEFAULT_STATUS, user(10)))).toContain('/user');
    expect(entries(sideMenuGroups(DEFAULT_STATUS, user(10)))).not.toContain('/channel');
    expect(entries(sideMenuGroups(DEFAULT_STATUS, user(10)))).not.toContain('/setting');
    expect(entries(sideMenuGroups(DEFAULT_STATUS, user(100)))).toEqual(
      expect.arrayContaining(['/channel', '/redemption', '/user', '/setting']),
    );
    expect(sideMenuGroups(DEFAULT_STATUS, null).map((group) => group.title)).not.toContain('menu.adminGroup');
  });
});
