import type { Browser } from 'playwright-core';
import { type ConsoleLanguage, launchBrowser, openPage } from './support/browser';
import { type ConsoleStack, type ConsoleUser, startConsoleStack } from './support/console-stack';
import { announceScreenshots, saveScreenshot } from './support/screenshots';

jest.setTimeout(180_000);

type Heading = Record<ConsoleLanguage, string>;

const SETTING_TABS = {
  operation: { zh: '运营设置', en: 'Operation' },
  ratelimit: { zh: '速率限制', en: 'Rate limits' },
  models: { zh: '模型相关设置', en: 'Models' },
  system: { zh: '系统设置', en: 'System' },
  other: { zh: '其他设置', en: 'Other' },
} satisfies Record<string, Heading>;

/** An admin route of spec §2 to photograph: its page heading and, for settings, the selected tab. */
interface AdminScreen {
  name: string;
  path: (ids: { channel: number; user: number }) => string;
  heading: Heading;
  tab?: Heading;
}

const SETTINGS_HEADING: Heading = { zh: '系统设置', en: 'System settings' };

const SCREENS: AdminScreen[] = [
  { name: 'channel', path: () => '/channel', heading: { zh: '管理渠道', en: 'Manage channels' } },
  { name: 'channel-add', path: () => '/channel/add', heading: { zh: '创建新的渠道', en: 'Create a channel' } },
  { name: 'channel-edit', path: ({ channel }) => `/channel/edit/${channel}`, heading: { zh: '更新渠道信息', en: 'Edit channel' } },
  { name: 'redemption', path: () => '/redemption', heading: { zh: '管理兑换码', en: 'Manage redemption codes' } },
  { name: 'user', path: () => '/user', heading: { zh: '管理用户', en: 'Manage users' } },
  { name: 'user-edit', path: ({ user }) => `/user/edit/${user}`, heading: { zh: '编辑用户', en: 'Edit user' } },
  ...Object.entries(SETTING_TABS).map(([tab, title]) => ({
    name: `setting-${tab}`,
    path: () => `/setting?tab=${tab}`,
    heading: SETTINGS_HEADING,
    tab: title,
  })),
];

/**
 * Every admin screen of spec §2 as root, in both languages and both themes, saved as PNGs for a
 * person to look at. Each must render inside the shell with the sidebar, show its own heading
 * (and the tab it was opened on), stay where it was opened and log no console error.
 */
describe('admin screens in both languages and themes', () => {
  let stack: ConsoleStack;
  let browser: Browser;
  let root: ConsoleUser;
  let member: ConsoleUser;
  let saved = 0;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startConsoleStack(), launchBrowser()]);
    [root, member] = await Promise.all([stack.rootUser(), stack.createUser()]);
    // Something in each list: a code besides the seeded channel and users.
    const admin = await stack.api.root();
    expect((await admin.post('/api/redemption/', { name: 'screens', quota: 500_000, count: 1 })).body.success).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    if (saved > 0) announceScreenshots(saved);
  });

  for (const language of ['zh', 'en'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`renders every admin route in ${language}, ${theme} mode, without console errors`, async () => {
        const local = { 'theme-mode': theme, i18nextLng: language };
        const storageState = await stack.signedInState(root, local);
        const { page, expectNoConsoleErrors, close } = await openPage(browser, { language, storageState });
        try {
          for (const screen of SCREENS) {
            const path = screen.path({ channel: stack.channelId, user: member.id });
            try {
              await page.goto(`${stack.url}${path}`, { waitUntil: 'networkidle' });
              const url = new URL(page.url());
              expect(`${url.pathname}${url.search}`).toBe(path);
              await page.locator('.mg-app .mg-topbar').waitFor();
              await page.locator('aside.mg-sidebar').waitFor();
              await page.locator('footer.mg-footer').waitFor();
              const main = page.getByRole('main');
              await main.getByRole('heading', { name: screen.heading[language], exact: true }).waitFor();
              if (screen.tab) {
                await main.getByRole('tab', { name: screen.tab[language], exact: true, selected: true }).waitFor();
              }
              expect(await page.locator('html').getAttribute('lang')).toBe(language);
              expect((await page.locator('body').getAttribute('class')) ?? '').toEqual(
                theme === 'dark' ? expect.stringContaining('bp6-dark') : expect.not.stringContaining('bp6-dark'),
              );
              await saveScreenshot(page, language, theme, `admin-${screen.name}`);
              saved += 1;
              expectNoConsoleErrors();
            } catch (error) {
              throw new Error(`${path} (${language}, ${theme}): ${(error as Error).message}`, { cause: error });
            }
          }
        } finally {
          await close();
        }
      });
    }
  }
});
