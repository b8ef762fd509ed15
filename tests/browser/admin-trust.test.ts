import type { Browser, Locator, Page } from 'playwright-core';
import { type ConsoleLanguage, inPage, launchBrowser, openPage, waitUntil } from './support/browser';
import { type ConsoleStack, type ConsoleUser, startConsoleStack } from './support/console-stack';
import { announceScreenshots, saveScreenshot } from './support/screenshots';
import { seedChannel } from '../support/relay-fixtures';

jest.setTimeout(90_000);

const WIDE = { width: 1440, height: 900 } as const;
/** The upstream key of the channel whose test fails (the fake upstream answers it with a 401). */
const BROKEN_KEY = 'sk-admin-trust-broken';
const BROKEN_NAME = 'broken upstream';

/**
 * What makes an admin trust the console, in a real browser as root: a rejected save shows its
 * message where the admin is looking and puts the cursor on the field to fix; a failed channel
 * test says so on the row and in the toast; the usage log keeps one line per row with its details
 * under the row; the dashboard spans its whole window. Screenshots land in tests/screenshots.
 */
describe('a console the admin can trust', () => {
  let stack: ConsoleStack;
  let browser: Browser;
  let root: ConsoleUser;
  let brokenId = 0;
  let shots = 0;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startConsoleStack(), launchBrowser()]);
    root = await stack.rootUser();
    brokenId = await seedChannel(
      (text, parameters) => stack.api.query(text, parameters),
      { baseUrl: stack.fake.url, name: BROKEN_NAME, key: BROKEN_KEY, models: ['gpt-4o-mini'], groups: ['default'] },
      stack.api.stack.bus,
    );
    stack.fake.program({ apiKey: BROKEN_KEY }, { error: 'invalid_api_key' });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    if (shots > 0) announceScreenshots(shots);
  });

  const signedIn = async (language: ConsoleLanguage, theme: 'light' | 'dark' = 'light', viewport?: { width: number; height: number }) =>
    openPage(browser, {
      language,
      viewport,
      storageState: await stack.signedInState(root, { i18nextLng: language, 'theme-mode': theme }),
    });
  const open = (page: Page, path: string) => page.goto(`${stack.url}${path}`, { waitUntil: 'networkidle' });
  const shoot = async (page: Page, language: string, theme: string, name: string) => {
    await saveScreenshot(page, language, theme, `trust-${name}`);
    shots += 1;
  };

  /** Scrolls the page (and any scrolling editor body) to its very end, as an admin saving from the bottom would. */
  const scrollToBottom = (page: Page) =>
    inPage(page, `(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      for (const element of document.querySelectorAll('*')) {
        if (element.scrollHeight > element.clientHeight + 1 && getComputedStyle(element).overflowY !== 'visible') {
          element.scrollTop = element.scrollHeight;
        }
      }
      return window.scrollY;
    })()`);

  /** Waits for a toast saying `text`, and checks it is inside the viewport (not at the top of the document). */
  const expectVisibleToast = async (page: Page, text: string | RegExp): Promise<Locator> => {
    const toast = page.locator('.bp6-toast').filter({ hasText: text }).first();
    await toast.waitFor({ state: 'visible' });
    const viewport = page.viewportSize()!;
    // The toast slides in from above the window's edge; once in place it is wholly inside it.
    await waitUntil(
      async () => {
        const box = (await toast.count()) > 0 ? await toast.boundingBox({ timeout: 1_000 }) : null;
        return { box, toasts: await page.locator('.bp6-toast').allTextContents() };
      },
      ({ box }) => box !== null && box.y >= 0 && box.y + box.height <= viewport.height,
      { what: 'the toast inside the viewport' },
    );
    return toast;
  };

  /** The focused element's id, once the form has moved the cursor. */
  const focusedId = (page: Page) => inPage<string>(page, 'document.activeElement ? document.activeElement.id : ""');

  /** True when the element with `id` is inside the viewport. */
  const inView = (page: Page, id: string) =>
    inPage<boolean>(
      page,
      `(() => { const r = document.getElementById(${JSON.stringify(id)}).getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight; })()`,
    );

  it('shows a rejected model-ratio save from the bottom of the settings page, and focuses the field', async () => {
    const { page, close, problems } = await signedIn('en');
    try {
      await open(page, '/setting?tab=operation');
      const ratios = page.locator('textarea[id$="option-ModelRatio"]');
      await ratios.waitFor();
      await ratios.fill('{"gpt-4o":"abc"}');
      const section = page.locator('.bp6-section').filter({ has: ratios }).last();
      await scrollToBottom(page);
      expect(await inPage<number>(page, 'window.scrollY')).toBeGreaterThan(0);
      await section.getByRole('button', { name: 'Save' }).click();
      await expectVisibleToast(page, /save|failed|ratio/i);
      const id = await waitUntil(() => focusedId(page), (value) => value.endsWith('option-ModelRatio'), { what: 'focus on the model ratios' });
      await expect(inView(page, id)).resolves.toBe(true);
      await shoot(page, 'en', 'light', 'model-ratio-rejected');
      // The stored ratios did not change.
      const [stored] = await stack.api.query<{ value: string }>(`SELECT value FROM options WHERE key = 'ModelRatio'`);
      expect(stored?.value ?? '').not.toContain('"abc"');
      problems.clear();
    } finally {
      await close();
    }
  });

  it('shows a rejected channel save (huge max input tokens) from the bottom of the editor', async () => {
    const { page, close } = await signedIn('en');
    try {
      await open(page, `/channel/edit/${stack.channelId}`);
      const field = page.getByLabel(/^Max input tokens/);
      await field.waitFor();
      await field.fill('99999999999999999999');
      await scrollToBottom(page);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expectVisibleToast(page, /./);
      await waitUntil(() => focusedId(page), (id) => id === 'field-max_input_tokens', { what: 'focus on max input tokens' });
      await expect(inView(page, 'field-max_input_tokens')).resolves.toBe(true);
      await shoot(page, 'en', 'light', 'max-input-tokens-rejected');
      const [stored] = await stack.api.query<{ max_input_tokens: number }>('SELECT max_input_tokens FROM channels WHERE id = $1', [stack.channelId]);
      expect(Number(stored!.max_input_tokens)).toBe(0);
    } finally {
      await close();
    }
  });

  it('shows an empty channel form submitted from the bottom, in both languages, and focuses its first field', async () => {
    for (const language of ['en', 'zh'] as const) {
      const { page, close, expectNoConsoleErrors } = await signedIn(language);
      try {
        await open(page, '/channel/add');
        await page.locator('#channel-editor').waitFor();
        await scrollToBottom(page);
        await page.getByRole('button', { name: language === 'en' ? 'Submit' : '提交' }).click();
        await expectVisibleToast(page, /./);
        const id = await waitUntil(() => focusedId(page), (value) => value.startsWith('field-'), { what: 'focus on the first invalid field' });
        await expect(inView(page, id)).resolves.toBe(true);
        await shoot(page, language, 'light', 'empty-channel-rejected');
        expectNoConsoleErrors();
      } finally {
        await close();
      }
    }
  });

  it('says a failed channel test on the row and names the channel and cause in the toast', async () => {
    for (const [language, theme] of [['en', 'light'], ['zh', 'dark']] as const) {
      const { page, close, problems } = await signedIn(language, theme);
      try {
        await open(page, '/channel');
        const row = page.locator('table.mg-channels-table tbody tr').filter({ hasText: BROKEN_NAME });
        await row.getByRole('button', { name: language === 'en' ? 'Test' : '测试', exact: true }).click();
        const cause = /status code 401: Incorrect API key provided/;
        const toast = await expectVisibleToast(page, cause);
        await expect(toast.textContent()).resolves.toContain(BROKEN_NAME);
        const tag = row.locator('.mg-rt-failed');
        await tag.waitFor();
        await expect(tag.textContent()).resolves.toBe(language === 'en' ? 'Unreachable' : '无法连通');
        await expect(row.getByTestId('last-test-error').textContent()).resolves.toMatch(cause);
        await tag.hover();
        await page.locator('.bp6-tooltip').filter({ hasText: language === 'en' ? 'Last test failed at' : '上次测试于' }).waitFor();
        await shoot(page, language, theme, 'channel-test-failed');
        problems.clear();
      } finally {
        await close();
      }
    }
    const [stored] = await stack.api.query<{ other_info: string }>('SELECT other_info FROM channels WHERE id = $1', [brokenId]);
    expect(JSON.parse(stored!.other_info).last_test).toMatchObject({ success: false });
  });

  it('keeps one line per usage-log row at 1440 px in both languages, with details under the row', async () => {
    const now = Math.floor(Date.now() / 1000);
    const other = (channels: number[]) =>
      JSON.stringify({ model_ratio: 2.5, completion_ratio: 4, group_ratio: 1, frt: 900, admin_info: { use_channel: channels } });
    const content = '模型倍率 2.5，补全倍率 4，分组倍率 1';
    for (let index = 0; index < 6; index += 1) {
      await stack.api.query(
        `INSERT INTO logs (user_id, created_at, type, content, username, token_name, model_name, quota, prompt_tokens,
          completion_tokens, use_time, is_stream, channel_id, "group", other)
         VALUES ($1, $2, 2, $3, 'root', 'a-rather-long-token-name', 'gpt-4o-mini-2024-07-18', 1234, 321, 123, 3, true, $4, 'default', $5)`,
        [root.id, now - index, content, stack.channelId, other(index === 0 ? [stack.channelId, brokenId] : [stack.channelId])],
      );
    }
    for (const [language, theme] of [['en', 'light'], ['zh', 'dark']] as const) {
      const { page, close, expectNoConsoleErrors } = await signedIn(language, theme, WIDE);
      try {
        await open(page, '/log');
        const rows = page.locator('table.mg-log-table > tbody > tr:not(.mg-log-details-row)');
        await waitUntil(() => rows.count(), (count) => count >= 6, { what: 'six log rows' });
        const heights = await rows.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
        const header = await page.locator('table.mg-log-table thead tr').evaluate((element) => element.getBoundingClientRect().height);
        // One line: no row taller than the header row plus the tags' padding.
        for (const height of heights) expect(height).toBeLessThanOrEqual(Math.max(header, 30) + 12);
        // The ratios are explained once per row (not the server's sentence beside the console's),
        // and "channels tried" only for the row that went to two channels.
        const ratioWord = language === 'en' ? 'model ratio' : '模型倍率';
        for (const text of await rows.allTextContents()) expect(text.split(ratioWord)).toHaveLength(2);
        const tried = language === 'en' ? 'Channels tried' : '重试渠道';
        await expect(page.locator('.mg-log-details-summary').filter({ hasText: tried }).count()).resolves.toBe(1);
        await shoot(page, language, theme, 'usage-log');

        const first = rows.first();
        await first.getByRole('button', { name: language === 'en' ? 'Show details' : '展开详情' }).click();
        const panel = page.locator('tr.mg-log-details-row');
        await panel.waitFor();
        await expect(panel.textContent()).resolves.toContain('2.5');
        await shoot(page, language, theme, 'usage-log-details');

        // On a phone the rows stack into cards, without sideways scrolling.
        await page.setViewportSize({ width: 390, height: 844 });
        await waitUntil(() => page.locator('table.mg-log-table thead').isVisible(), (visible) => !visible, { what: 'stacked rows' });
        expect(await inPage<number>(page, 'document.documentElement.scrollWidth')).toBeLessThanOrEqual(391);
        const card = await rows.first().evaluate((element) => element.getBoundingClientRect().width);
        expect(card).toBeLessThanOrEqual(390);
        await shoot(page, language, theme, 'usage-log-phone');
        expectNoConsoleErrors();
      } finally {
        await close();
      }
    }
  });

  it('draws the dashboard over its whole window with zero buckets and a sorted tooltip', async () => {
    await stack.api.setOptions({ DataExportEnabled: 'true' });
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600;
    const models = ['gpt-4o', 'gpt-4o-mini', 'claude-3-5-sonnet'];
    for (const [index, model] of models.entries()) {
      await stack.api.query(
        `INSERT INTO quota_data (user_id, username, model_name, created_at, token_used, count, quota) VALUES ($1, 'root', $2, $3, 100, $4, $5)`,
        [root.id, model, hour - 3 * 3_600, index + 1, (index + 1) * 5_000],
      );
    }
    for (const [language, theme] of [['en', 'light'], ['zh', 'dark']] as const) {
      const { page, close, expectNoConsoleErrors } = await signedIn(language, theme, WIDE);
      try {
        await open(page, '/detail');
        const chart = page.getByTestId('quota-chart');
        await chart.locator('.recharts-bar-rectangle').first().waitFor();
        // The default window is 25 hours: every hour has a bucket (an x tick each, some hidden).
        const labels = await chart.locator('.recharts-xAxis .recharts-cartesian-axis-tick').count();
        expect(labels).toBeGreaterThan(3);
        const yTicks = await chart.locator('.recharts-yAxis .recharts-cartesian-axis-tick-value').allTextContents();
        expect(new Set(yTicks).size).toBe(yTicks.length);
        const bar = chart.locator('.recharts-bar-rectangle path').first();
        await bar.hover();
        const tooltip = chart.locator('.mg-chart-tooltip');
        await tooltip.waitFor();
        const names = await tooltip.locator('tbody tr:not(.mg-chart-tooltip-total) td:first-child').allTextContents();
        expect(names).toEqual(['claude-3-5-sonnet', 'gpt-4o-mini', 'gpt-4o']);
        await tooltip.locator('.mg-chart-tooltip-total').waitFor();
        await shoot(page, language, theme, 'dashboard');
        expectNoConsoleErrors();
      } finally {
        await close();
      }
    }
  });
});
