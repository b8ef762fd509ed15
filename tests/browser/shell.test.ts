import type { Browser, Page } from 'playwright-core';
import { inPage, launchBrowser, openPage, PHONE, waitUntil } from './support/browser';
import { type ConsoleStack, startConsoleStack } from './support/console-stack';

jest.setTimeout(60_000);

/** Chromium logs every HTTP error answer as a console error; the 401 test expects exactly that one. */
const UNAUTHORISED_RESOURCE = /Failed to load resource: the server responded with a status of 401/;

/**
 * The console's shell in a real browser against the whole product: deep links, language, theme,
 * the phone layout, live status, the sidebar by role, signing out and an expired session.
 */
describe('console shell in a browser', () => {
  let stack: ConsoleStack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startConsoleStack(), launchBrowser()]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const open = (page: Page, path: string) => page.goto(`${stack.url}${path}`, { waitUntil: 'networkidle' });
  const stored = (page: Page, key: string) => inPage<string | null>(page, `localStorage.getItem(${JSON.stringify(key)})`);

  it('opens public pages and unknown paths directly (deep links survive a reload)', async () => {
    const { page, expectNoConsoleErrors, close } = await openPage(browser, { language: 'en' });
    for (const path of ['/pricing', '/about', '/login']) {
      const answer = await open(page, path);
      expect(answer?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(path);
      await expect(page.locator('.mg-topbar').isVisible()).resolves.toBe(true);
      await expect(page.locator('footer.mg-footer').isVisible()).resolves.toBe(true);
      await page.reload({ waitUntil: 'networkidle' });
      expect(new URL(page.url()).pathname).toBe(path);
      await expect(page.locator('.mg-topbar').isVisible()).resolves.toBe(true);
    }
    await open(page, '/no/such/page-here');
    await page.getByText('The page does not exist; please check your browser address.').waitFor();
    await expect(page.getByRole('heading', { name: 'Page not found' }).isVisible()).resolves.toBe(true);
    expectNoConsoleErrors();
    await close();
  });

  it('switches to English from the language menu and keeps it after a reload', async () => {
    const { page, expectNoConsoleErrors, close } = await openPage(browser, { language: 'zh' });
    await open(page, '/about');
    const nav = page.getByRole('navigation', { name: '主导航' });
    await nav.getByRole('link', { name: '定价' }).waitFor();
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    const englishNav = page.getByRole('navigation', { name: 'Main navigation' });
    await englishNav.getByRole('link', { name: 'Pricing' }).waitFor();
    await expect(stored(page, 'i18nextLng')).resolves.toBe('en');
    await expect(inPage(page, 'document.documentElement.lang')).resolves.toBe('en');

    await page.reload({ waitUntil: 'networkidle' });
    await englishNav.getByRole('link', { name: 'Pricing' }).waitFor();
    await expect(page.getByRole('button', { name: 'Language' }).isVisible()).resolves.toBe(true);
    expectNoConsoleErrors();
    await close();
  });

  it('toggles dark mode on the body and remembers it', async () => {
    const { page, expectNoConsoleErrors, close } = await openPage(browser, { language: 'en' });
    await open(page, '/pricing');
    const body = page.locator('body');
    expect((await body.getAttribute('class')) ?? '').not.toContain('bp6-dark');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await waitUntil(() => body.getAttribute('class'), (classes) => (classes ?? '').includes('bp6-dark'), { what: 'bp6-dark on body' });
    await expect(stored(page, 'theme-mode')).resolves.toBe('dark');

    await page.reload({ waitUntil: 'networkidle' });
    expect((await body.getAttribute('class')) ?? '').toContain('bp6-dark');
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await waitUntil(() => body.getAttribute('class'), (classes) => !(classes ?? '').includes('bp6-dark'), { what: 'light body' });
    await expect(stored(page, 'theme-mode')).resolves.toBe('light');
    expectNoConsoleErrors();
    await close();
  });

  it('hides the sidebar on a 390-px phone until the menu button opens it, without sideways scrolling', async () => {
    const user = await stack.createUser();
    const state = await stack.signedInState(user);
    const { page, expectNoConsoleErrors, close } = await openPage(browser, { language: 'en', viewport: PHONE, storageState: state });
    const scrollWidth = () => inPage<number>(page, 'document.documentElement.scrollWidth');
    await open(page, '/pricing');
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(sidebar.count()).resolves.toBe(0);
    expect(await scrollWidth()).toBeLessThanOrEqual(PHONE.width + 1);

    await page.getByRole('button', { name: 'Show or hide the sidebar' }).click();
    await sidebar.waitFor();
    await expect(sidebar.getByRole('menuitem', { name: 'API tokens' }).isVisible()).resolves.toBe(true);
    expect(await scrollWidth()).toBeLessThanOrEqual(PHONE.width + 1);

    // Choosing an entry closes the overlay again.
    await sidebar.getByRole('menuitem', { name: 'Personal settings' }).click();
    await page.waitForURL(`${stack.url}/personal`);
    await sidebar.waitFor({ state: 'detached' });
    expect(await scrollWidth()).toBeLessThanOrEqual(PHONE.width + 1);
    expectNoConsoleErrors();
    await close();
  });

  it("shows an admin's status change in an open console when the window regains focus", async () => {
    const { page, expectNoConsoleErrors, close } = await openPage(browser, { language: 'en' });
    await open(page, '/about');
    const before = await page.title();
    const newName = `Gate ${Date.now() % 100_000}`;
    expect(before).not.toBe(newName);
    await inPage(page, 'window.__sameDocument = true');

    await stack.api.setOptions({ SystemName: newName });
    await waitUntil(
      async () => ((await (await fetch(`${stack.url}/api/status`)).json()) as { data: { system_name: string } }).data.system_name,
      (name) => name === newName,
      { what: 'the new system name in /api/status' },
    );
    await inPage(page, "window.dispatchEvent(new Event('focus'))");
    await waitUntil(() => page.title(), (title) => title === newName, { what: 'the page title to follow the status' });
    await expect(page.locator('.mg-brand-name').textContent()).resolves.toBe(newName);
    await expect(inPage(page, 'window.__sameDocument === true')).resolves.toBe(true);
    expect(JSON.parse((await stored(page, 'status')) ?? '{}')).toMatchObject({ system_name: newName });
    await expect(stored(page, 'system_name')).resolves.toBe(newName);
    expectNoConsoleErrors();
    await close();
  });

  it('shows a normal user the console and personal groups and no admin group; logout returns to /login', async () => {
    const user = await stack.createUser();
    const { context, page, expectNoConsoleErrors, close } = await openPage(browser, {
      language: 'en',
      storageState: await stack.signedInState(user),
    });
    await open(page, '/token');
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await sidebar.waitFor();
    await expect(sidebar.getByRole('menuitem', { name: 'Playground' }).isVisible()).resolves.toBe(true);
    for (const [group, items] of [
      ['Console', ['API tokens', 'Usage log']],
      ['Personal', ['Wallet', 'Personal settings']],
    ] as const) {
      const section = sidebar.getByRole('group', { name: group });
      for (const item of items) await expect(section.getByRole('menuitem', { name: item }).isVisible()).resolves.toBe(true);
    }
    await expect(sidebar.getByRole('group', { name: 'Admin' }).count()).resolves.toBe(0);
    const account = page.getByRole('button', { name: 'Account menu' });
    await expect(account.textContent()).resolves.toBe(`${user.username.slice(0, 1).toUpperCase()}${user.username}`);

    await account.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${stack.url}/login`);
    await page.getByText('Logout successful!').waitFor();
    await expect(stored(page, 'user')).resolves.toBeNull();
    await expect(page.getByRole('button', { name: 'Login', exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Account menu' }).count()).resolves.toBe(0);
    // The server ended the session too: the old cookie no longer works.
    const self = await context.request.get(`${stack.url}/api/user/self`, { headers: { 'New-Api-User': String(user.id) } });
    expect(self.status()).toBe(401);
    expectNoConsoleErrors();
    await close();
  });

  it('shows root the admin group with channels, redemption codes, user management and system settings', async () => {
    const root = await stack.createUser({ role: 100 });
    const { page, expectNoConsoleErrors, close } = await openPage(browser, {
      language: 'en',
      storageState: await stack.signedInState(root),
    });
    await open(page, '/token');
    const admin = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('group', { name: 'Admin' });
    await admin.waitFor();
    const names = await admin.getByRole('menuitem').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
    expect(names).toEqual(['Channels', 'Redemption codes', 'User management', 'System settings']);
    expectNoConsoleErrors();
    await close();
  });

  it('sends the browser to /login?expired=true with the expired message when a call answers 401', async () => {
    const user = await stack.createUser();
    const { page, expectNoConsoleErrors, close } = await openPage(browser, {
      language: 'en',
      storageState: await stack.signedInState(user),
    });
    await open(page, '/about');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();

    // The session ends elsewhere; the next call the console makes is answered by the real server's
    // 401 (the status re-read on focus is routed to a guarded endpoint with the same cookie and headers).
    await stack.endSessions(user.id);
    const answers: number[] = [];
    await page.route('**/api/status', async (route) => {
      const response = await route.fetch({ url: `${stack.url}/api/user/self` });
      answers.push(response.status());
      await route.fulfill({ response });
    });
    await inPage(page, "window.dispatchEvent(new Event('focus'))");
    await page.waitForURL(`${stack.url}/login?expired=true`);
    expect(answers).toContain(401);
    await page.getByText('Not logged in or session expired. Please login again!').waitFor();
    await expect(stored(page, 'user')).resolves.toBeNull();
    await expect(page.getByRole('button', { name: 'Account menu' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Login', exact: true }).isVisible()).resolves.toBe(true);
    expectNoConsoleErrors([UNAUTHORISED_RESOURCE]);
    await close();
  });
});
