import { defaultStatus } from '../../test-support/http-mock';
import { cachedStatus, type PublicStatus, storeStatus } from './public-status';

function status(overrides: Partial<PublicStatus> = {}): PublicStatus {
  return { ...(defaultStatus() as unknown as PublicStatus), ...overrides };
}

describe('storeStatus', () => {
  it("writes the whole status and the spec's own local-storage keys", () => {
    const chats = [{ 'Chat One': 'https://chat.example/#/?key={key}' }];
    storeStatus(
      status({
        system_name: 'My Gate',
        logo: 'https://img.example/logo.png',
        footer_html: '<b>hi</b>',
        quota_per_unit: 1000,
        display_in_currency: false,
        enable_drawing: true,
        enable_task: false,
        enable_data_export: true,
        chats,
        data_export_default_time: 'day',
        mj_notify_enabled: true,
        docs_link: 'https://docs.example',
      }),
    );
    const stored = (key: string) => window.localStorage.getItem(key);
    expect(JSON.parse(stored('status')!)).toMatchObject({ system_name: 'My Gate', quota_per_unit: 1000 });
    expect(stored('system_name')).toBe('My Gate');
    expect(stored('logo')).toBe('https://img.example/logo.png');
    expect(stored('footer_html')).toBe('<b>hi</b>');
    expect(stored('quota_per_unit')).toBe('1000');
    expect(stored('display_in_currency')).toBe('false');
    expect(stored('enable_drawing')).toBe('true');
    expect(stored('enable_task')).toBe('false');
    expect(stored('enable_data_export')).toBe('true');
    expect(JSON.parse(stored('chats')!)).toEqual(chats);
    expect(stored('data_export_default_time')).toBe('day');
    expect(stored('mj_notify_enabled')).toBe('true');
    expect(stored('docs_link')).toBe('https://docs.example');
    expect(stored('default_collapse_sidebar')).toBe('false');
    expect(cachedStatus().system_name).toBe('My Gate');
  });

  it('removes an empty docs link and the old chat-link keys', () => {
    window.localStorage.setItem('docs_link', 'https://old.example');
    window.localStorage.setItem('chat_link', 'https://old-chat.example');
    window.localStorage.setItem('chat_link2', 'https://old-chat2.example');
    storeStatus(status({ docs_link: '' }));
    expect(window.localStorage.getItem('docs_link')).toBeNull();
    expect(window.localStorage.getItem('chat_link')).toBeNull();
    expect(window.localStorage.getItem('chat_link2')).toBeNull();
  });

  it("leaves the default-collapse flag alone once the user chose the sidebar's state", () => {
    window.localStorage.setItem('sidebar-collapsed', 'false');
    storeStatus(status({ default_collapse_sidebar: true }));
    expect(window.localStorage.getItem('default_collapse_sidebar')).toBeNull();
  });
});
