import type { Browser, Page } from 'playwright-core';
import { type ConsoleLanguage, inPage, launchBrowser, openPage, PHONE } from './support/browser';
import { type ConsoleStack, type ConsoleUser, startConsoleStack } from './support/console-stack';
import { announceScreenshots, saveScreenshot } from './support/screenshots';

jest.setTimeout(120_000);

/** Every route of the console (spec §2), as a visitor or as root. */
const PUBLIC_ROUTES = ['/', '/login', '/register', '/reset', '/pricing', '/about'];
const SIGNED_IN_ROUTES = (ids: { channel: number; user: number }) => [
  '/playground',
  '/token',
  '/log',
  '/detail',
  '/midjourney',
  '/task',
  '/topup',
  '/personal',
  '/channel',
  '/channel/add',
  `/channel/edit/${ids.channel}`,
  '/redemption',
  '/user',
  `/user/edit/${ids.user}`,
  '/setting?tab=operation',
  '/setting?tab=ratelimit',
  '/setting?tab=models',
  '/setting?tab=system',
  '/setting?tab=other',
];

/** What scrolls sideways, for the failure message: the widest elements past the right edge. */
const WIDEST = `(() => {
  const out = [];
  for (const element of document.querySelectorAll('body *')) {
    const box = element.getBoundingClientRect();
    if (box.right > window.innerWidth + 1 && box.width > 0) {
      out.push({ tag: element.tagName.toLowerCase(), cls: String(element.className).slice(0, 60), right: Math.round(box.right) });
    }
  }
  return out.slice(0, 5);
})()`;

/**
 * Every screen at 390 px, as a visitor and as root, in both languages: the document is never
 * wider than the phone (no sideways scrolling) and the account button stays on screen.
 */
describe('every console route fits a 390-px phone', () => {
  let stack: ConsoleStack;
  let browser: Browser;
  let root: ConsoleUser;
  let member: ConsoleUser;
  let shots = 0;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startConsoleStack(), launchBrowser()]);
    [root, member] = await Promise.all([stack.rootUser(), stack.createUser()]);
    await stack.api.setOptions({ DataExportEnabled: 'true', DrawingEnabled: 'true', TaskEnabled: 'true' });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    if (shots > 0) announceScreenshots(shots);
  });

  const measure = async (page: Page, path: string, language: ConsoleLanguage, signedIn: boolean) => {
    // Loaded and drawn: the shell, the page's own content, and no spinner left in it.
    await page.goto(`${stack.url}${path}`, { waitUntil: 'load' });
    await page.locator('.mg-topbar').waitFor();
    await page.locator('main > *').first().waitFor();
    await page.locator('main .bp6-spinner').first().waitFor({ state: 'detached' });
    const width = await inPage<number>(page, 'document.documentElement.scrollWidth');
    if (width > PHONE.width + 1) {
      await saveScreenshot(page, language, 'phone', `overflow-${path}`);
      throw new Error(`${path} (${language}) is ${width} px wide; past the edge: ${JSON.stringify(await inPage(page, WIDEST))}`);
    }
    if (signedIn) {
      const account = await page.locator('.mg-topbar-end').boundingBox();
      expect(account).not.toBeNull();
      expect(account!.x + account!.width).toBeLessThanOrEqual(PHONE.width + 1);
    }
  };

  for (const language of ['en', 'zh'] as const) {
    it(`keeps every route inside 390 px in ${language}`, async () => {
      const visitor = await openPage(browser, { language, viewport: PHONE, storageState: stack.localState({ i18nextLng: language }) });
      try {
        for (const path of PUBLIC_ROUTES) await measure(visitor.page, path, language, false);
      } finally {
        await visitor.close();
      }
      const admin = await openPage(browser, {
        language,
        viewport: PHONE,
        storageState: await stack.signedInState(root, { i18nextLng: language }),
      });
      try {
        for (const path of SIGNED_IN_ROUTES({ channel: stack.channelId, user: member.id })) {
          await measure(admin.page, path, language, true);
          if (language === 'en' && path.startsWith('/setting')) {
            await saveScreenshot(admin.page, language, 'phone', `phone-${path}`);
            shots += 1;
          }
        }
      } finally {
        await admin.close();
      }
    });
  }
});
