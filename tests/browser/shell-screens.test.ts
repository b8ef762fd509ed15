import type { Browser } from 'playwright-core';
import { type ConsoleLanguage, launchBrowser, openPage } from './support/browser';
import { type ConsoleStack, type ConsoleUser, startConsoleStack } from './support/console-stack';
import { announceScreenshots, saveScreenshot } from './support/screenshots';

jest.setTimeout(180_000);

/** A route of spec §2 to photograph, and whether it needs a signed-in user. */
interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
}

const SCREENS: Screen[] = [
  { name: 'home', path: '/', signedIn: false },
  { name: 'login', path: '/login', signedIn: false },
  { name: 'register', path: '/register', signedIn: false },
  { name: 'reset', path: '/reset', signedIn: false },
  { name: 'user-reset', path: '/user/reset?email=alice%40example.com&token=abc', signedIn: false },
  { name: 'pricing', path: '/pricing', signedIn: false },
  { name: 'about', path: '/about', signedIn: false },
  { name: 'token', path: '/token', signedIn: true },
  { name: 'topup', path: '/topup', signedIn: true },
  { name: 'log', path: '/log', signedIn: true },
  { name: 'detail', path: '/detail', signedIn: true },
  { name: 'midjourney', path: '/midjourney', signedIn: true },
  { name: 'task', path: '/task', signedIn: true },
  { name: 'personal', path: '/personal', signedIn: true },
  { name: 'playground', path: '/playground', signedIn: true },
  { name: 'chat-0', path: '/chat/0', signedIn: true },
  // A chat link that does not exist: the page stays and says so (the others leave the console).
  { name: 'chat2link', path: '/chat2link?index=9', signedIn: true },
  { name: 'not-found', path: '/this/page/does-not-exist', signedIn: false },
];

/** Home and the embedded chat use the whole width; every other signed-in page has the sidebar (desktop). */
const FULL_BLEED = new Set(['home', 'chat-0']);

const NOT_FOUND_TEXT: Record<ConsoleLanguage, string> = {
  zh: '页面不存在，请检查你的浏览器地址是否正确',
  en: 'The page does not exist; please check your browser address.',
};

/**
 * Every screen of spec §2 in both languages and both themes, saved as PNGs for a person to look
 * at. Each must render inside the shell (top bar, content, footer), stay where it was opened and
 * log no console error; the pages' own content is their own tests' business.
 */
describe('console screens in both languages and themes', () => {
  let stack: ConsoleStack;
  let browser: Browser;
  let user: ConsoleUser;
  let saved = 0;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startConsoleStack(), launchBrowser()]);
    await stack.api.setOptions({ Chats: JSON.stringify([{ 'Fake chat': 'about:blank?key={key}' }]) });
    user = await stack.createUser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    if (saved > 0) announceScreenshots(saved);
  });

  for (const language of ['zh', 'en'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`renders every route in ${language}, ${theme} mode, without console errors`, async () => {
        const local = { 'theme-mode': theme, i18nextLng: language };
        for (const screen of SCREENS) {
          const storageState = screen.signedIn ? await stack.signedInState(user, local) : stack.localState(local);
          const { page, expectNoConsoleErrors, close } = await openPage(browser, { language, storageState });
          try {
            await page.goto(`${stack.url}${screen.path}`, { waitUntil: 'networkidle' });
            expect(new URL(page.url()).pathname).toBe(screen.path.split('?')[0]);
            await page.locator('.mg-app .mg-topbar').waitFor();
            await page.locator('main.mg-content').waitFor();
            await page.locator('footer.mg-footer').waitFor();
            expect(await page.locator('html').getAttribute('lang')).toBe(language);
            expect(await page.locator('body').getAttribute('class') ?? '').toEqual(
              theme === 'dark' ? expect.stringContaining('bp6-dark') : expect.not.stringContaining('bp6-dark'),
            );
            // The sidebar is the signed-in console's: a visitor sees none, nor do full-width pages.
            const sidebars = await page.locator('aside.mg-sidebar').count();
            expect(sidebars).toBe(screen.signedIn && !FULL_BLEED.has(screen.name) ? 1 : 0);
            if (screen.name === 'not-found') await page.getByText(NOT_FOUND_TEXT[language]).waitFor();
            await saveScreenshot(page, language, theme, screen.name);
            saved += 1;
            expectNoConsoleErrors();
          } catch (error) {
            throw new Error(`${screen.path} (${language}, ${theme}): ${(error as Error).message}`, { cause: error });
          } finally {
            await close();
          }
        }
      });
    }
  }
});
