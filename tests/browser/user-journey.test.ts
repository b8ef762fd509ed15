import { DEFAULT_TEXT } from '@modelgate/fake-upstream';
import OpenAI from 'openai';
import type { Browser, Locator } from 'playwright-core';
import { inPage, launchBrowser, type OpenedPage, openPage, waitUntil } from './support/browser';
import { type ConsoleStack, startConsoleStack } from './support/console-stack';
import { announceScreenshots, saveScreenshot } from './support/screenshots';

jest.setTimeout(60_000);

/** The model the journey calls with the SDK, priced per call so every charge shows in dollars. */
const SDK_MODEL = 'gpt-4o-mini';
/** The other model of the fake channel, picked by hand in the playground. */
const PLAYGROUND_MODEL = 'gpt-4o';
/** USD per call of {@link SDK_MODEL} (quota 250 000 at the default 500 000 per dollar). */
const SDK_PRICE = 0.5;
/** The redemption code's quota: $10.00. */
const CODE_QUOTA = 5_000_000;

/**
 * A new user's whole first visit in a real browser, through the console's own screens only:
 * register, sign in, create a token and copy its key, redeem a code, call a model with the
 * official SDK, find the call in the usage log and the dashboard, chat in the playground, and see
 * both calls in the wallet.
 * The code is redeemed before any call: a new account starts with no balance (QuotaForNewUser 0),
 * and an exact balance check needs no relay lease open at that moment.
 */
describe('a new user in the console: register, token, top-up, API call, logs, dashboard, playground', () => {
  let stack: ConsoleStack;
  let browser: Browser;
  let opened: OpenedPage;
  let shots = 0;
  const username = `j${Date.now() % 100_000_000}`;
  const password = 'journey-pass-1';
  const tokenName = 'journey-laptop';
  let apiKey = '';

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startConsoleStack(), launchBrowser()]);
    await stack.api.setOptions({ DataExportEnabled: 'true', ModelPrice: JSON.stringify({ [SDK_MODEL]: SDK_PRICE }) });
    opened = await openPage(browser, { language: 'en' });
    await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
  }, 120_000);
  afterAll(async () => {
    await opened?.close();
    await browser?.close();
    await stack?.stop();
    if (shots > 0) announceScreenshots(shots);
  });

  const page = () => opened.page;
  const screenshot = async (name: string) => {
    await saveScreenshot(page(), 'en', 'light', `journey-${String(++shots).padStart(2, '0')}-${name}`);
  };
  /** Opens a screen from the sidebar, as a person would. */
  const openFromSidebar = async (item: string, path: string) => {
    await page().getByRole('complementary', { name: 'Sidebar' }).getByRole('menuitem', { name: item }).click();
    await page().waitForURL(`${stack.url}${path}`);
  };
  const toast = (text: string | RegExp) => page().locator('.bp6-toast').filter({ hasText: text });
  const balanceText = () => page().getByTestId('balance-quota').textContent();
  const main = () => page().getByRole('main');
  /** Waits until `shape` is the only one of its kind and its drawing stops changing (chart animations). */
  const settled = async (shape: Locator, what: string) => {
    let previous = '';
    await waitUntil(
      async () => {
        if ((await shape.count()) !== 1) return false;
        const box = await shape.boundingBox();
        const current = box && box.width > 0 && box.height > 0 ? `${box.x},${box.y},${box.width},${box.height}` : '';
        const still = current !== '' && current === previous;
        previous = current;
        return still;
      },
      Boolean,
      { what: `${what} to be drawn` },
    );
  };

  /** One step of the journey; once a step fails the later ones fail at once instead of timing out. */
  let brokenAt: string | null = null;
  const step = (name: string, run: () => Promise<void>) =>
    it(name, async () => {
      if (brokenAt) throw new Error(`skipped: an earlier step failed (${brokenAt})`);
      try {
        await run();
      } catch (error) {
        brokenAt = name;
        throw error;
      }
    });

  step('registers on /register, signs in on /login and lands on /token', async () => {
    await page().goto(`${stack.url}/register`, { waitUntil: 'networkidle' });
    await page().getByLabel(/^Username/).fill(username);
    await page().getByLabel(/^Password/).fill(password);
    await page().getByLabel(/^Confirm password/).fill(password);
    await screenshot('register');
    await main().getByRole('button', { name: 'Register', exact: true }).click();
    await page().waitForURL(`${stack.url}/login`);
    await toast('Registration successful!').waitFor();

    await page().getByLabel(/^Username or email/).fill(username);
    await page().getByLabel(/^Password/).fill(password);
    await main().getByRole('button', { name: 'Log in', exact: true }).click();
    await page().waitForURL(`${stack.url}/token`);
    await toast('Login successful!').waitFor();
    await expect(page().getByRole('button', { name: 'Account menu' }).textContent()).resolves.toContain(username);
    await page().getByText('No tokens yet').waitFor();
    await screenshot('signed-in');
    opened.expectNoConsoleErrors();
  });

  step('creates a $10 token in the drawer, lists it and copies its key with the row button', async () => {
    await page().getByRole('button', { name: 'Create token' }).click();
    const drawer = page().locator('.bp6-drawer');
    await drawer.getByLabel(/^Name/).fill(tokenName);
    await drawer.getByRole('button', { name: '$10', exact: true }).click();
    await expect(drawer.locator('#field-quota').inputValue()).resolves.toBe(String(CODE_QUOTA));
    await screenshot('token-drawer');
    await drawer.getByRole('button', { name: 'Submit' }).click();
    await toast(/^Token created/).waitFor();
    await drawer.waitFor({ state: 'detached' });

    const row = page().locator('table.mg-tokens-table tbody tr').filter({ hasText: tokenName });
    await row.waitFor();
    await expect(page().locator('table.mg-tokens-table tbody tr').count()).resolves.toBe(1);
    const cells = await row.locator('td').allTextContents();
    expect(cells.slice(1, 5)).toEqual([tokenName, 'Enabled', '$0.00', '$10.00']);
    expect(cells[6]).toBe('Never');

    await row.getByRole('button', { name: 'Copy', exact: true }).click();
    await toast('Token copied to the clipboard').waitFor();
    apiKey = await inPage<string>(page(), 'navigator.clipboard.readText()');
    expect(apiKey).toMatch(/^sk-[A-Za-z0-9]{48}$/);
    await screenshot('token-listed');
    opened.expectNoConsoleErrors();
  });

  step('redeems a code on /topup and sees the balance grow by its quota', async () => {
    const root = await stack.api.root();
    const created = await root.post('/api/redemption/', { name: 'journey', quota: CODE_QUOTA, count: 1 });
    expect(created.body.success).toBe(true);
    const [code] = created.body.data as string[];

    await openFromSidebar('Wallet', '/topup');
    await waitUntil(balanceText, (text) => text === '$0.00', { what: 'the new account’s balance of $0.00' });
    await page().getByLabel('Redemption code').fill(code!);
    await page().getByRole('button', { name: 'Redeem', exact: true }).click();
    await toast('Redeemed! Quota added: $10.00').waitFor();
    await waitUntil(balanceText, (text) => text === '$10.00', { what: 'the balance after redeeming $10.00' });
    await expect(page().getByLabel('Redemption code').inputValue()).resolves.toBe('');
    await screenshot('topup');
    opened.expectNoConsoleErrors();
  });

  step('calls the model with the copied key through the official SDK', async () => {
    // The relay learns of a new token from its change event; wait until the key lists the model.
    await waitUntil(
      async () => {
        const res = await fetch(`${stack.url}/v1/models`, { headers: { Authorization: `Bearer ${apiKey}` } });
        if (res.status !== 200) return [];
        return ((await res.json()) as { data: Array<{ id: string }> }).data.map((model) => model.id);
      },
      (models) => models.includes(SDK_MODEL),
      { what: `${SDK_MODEL} in /v1/models for the copied key` },
    );
    const client = new OpenAI({ baseURL: `${stack.url}/v1`, apiKey, maxRetries: 0 });
    const answer = await client.chat.completions.create({
      model: SDK_MODEL,
      messages: [{ role: 'user', content: 'Hello from the browser journey' }],
    });
    expect(answer.choices[0]?.message.content).toBe(DEFAULT_TEXT);
    expect(stack.fake.requests.at(-1)).toMatchObject({ path: '/v1/chat/completions', model: SDK_MODEL, stream: false });
  });

  step('finds the call in the usage log and its price in the statistics', async () => {
    await openFromSidebar('Usage log', '/log');
    const consumption = page().locator('.mg-logs-page table tbody tr').filter({ hasText: SDK_MODEL });
    const query = page().getByRole('button', { name: 'Query' });
    // Billing settles usage asynchronously: query again until the row is there.
    await waitUntil(
      async () => {
        if ((await consumption.count()) > 0) return true;
        const listed = page().waitForResponse((response) => new URL(response.url()).pathname === '/api/log/self/');
        await query.click();
        await listed;
        return (await consumption.count()) > 0;
      },
      (found) => found,
      { what: 'the consumption row in the usage log', timeoutMs: 10_000 },
    );
    const rowText = (await consumption.textContent()) ?? '';
    expect(rowText).toContain(tokenName);
    expect(rowText).toContain('Consumption');
    expect(rowText).toContain('$0.500000');
    // The redemption is in the log too, as a top-up.
    await expect(page().locator('.mg-logs-page table tbody tr').filter({ hasText: 'Top-up' }).count()).resolves.toBe(1);
    await waitUntil(
      () => page().locator('.mg-log-stats').textContent(),
      (text) => (text ?? '').includes('Used quota: $0.50'),
      { what: 'the statistics to show $0.50 used' },
    );
    await screenshot('usage-log');
    opened.expectNoConsoleErrors();
  });

  step('shows the call on the dashboard: cards and a chart of the model', async () => {
    await openFromSidebar('Dashboard', '/detail');
    const stat = (label: string): Locator =>
      page().locator('.mg-dashboard-stat').filter({ has: page().getByText(label, { exact: true }) }).locator('strong');
    await waitUntil(() => stat('Requests in range').textContent(), (text) => text === '1', {
      what: 'one request in the dashboard range',
    });
    await expect(stat('Quota in range').textContent()).resolves.toBe('$0.50');
    await expect(stat('Historical consumption').textContent()).resolves.toBe('$0.50');
    await expect(stat('Request count').textContent()).resolves.toBe('1');
    const chart = (title: string) => page().locator('.mg-dashboard-chart').filter({ hasText: title });
    for (const title of ['Consumption by model', 'Calls by model']) {
      await chart(title).locator('.recharts-legend-item-text').filter({ hasText: SDK_MODEL }).waitFor();
    }
    // One bar and one donut sector for the one model, once their drawing animations have ended.
    await settled(chart('Consumption by model').locator('.recharts-bar-rectangle'), 'the quota bar');
    await settled(chart('Calls by model').locator('.recharts-pie-sector'), 'the calls donut');
    await screenshot('dashboard');
    opened.expectNoConsoleErrors();
  });

  step('picks the other model in the playground, sends a message and sees the streamed reply complete', async () => {
    await openFromSidebar('Playground', '/playground');
    const picker = page().locator('#mg-pg-model');
    await waitUntil(() => picker.inputValue(), (value) => value === SDK_MODEL, { what: 'the default model in the picker' });
    await picker.click();
    await picker.fill(PLAYGROUND_MODEL);
    await page().getByRole('option', { name: PLAYGROUND_MODEL, exact: true }).click();
    await waitUntil(() => picker.inputValue(), (value) => value === PLAYGROUND_MODEL, { what: 'the picked model' });

    const seen = stack.fake.requests.length;
    await page().getByLabel('Message', { exact: true }).fill('Hello from the playground journey');
    await page().getByRole('button', { name: 'Send', exact: true }).click();
    const messages = page().getByTestId('chat-message');
    const reply = messages.last();
    await waitUntil(
      async () => [await reply.getAttribute('data-role'), await reply.getAttribute('data-status'), await reply.textContent()],
      ([role, status, text]) => role === 'assistant' && status === 'complete' && (text ?? '').includes(DEFAULT_TEXT),
      { what: 'the streamed reply to complete' },
    );
    const count = await messages.count();
    await expect(messages.nth(count - 2).textContent()).resolves.toBe('Hello from the playground journey');
    await expect(page().getByRole('button', { name: 'Send', exact: true }).isVisible()).resolves.toBe(true);
    const sent = stack.fake.requests.slice(seen);
    expect(sent).toEqual([expect.objectContaining({ path: '/v1/chat/completions', model: PLAYGROUND_MODEL, stream: true })]);
    await screenshot('playground');
    opened.expectNoConsoleErrors();
  });

  step('shows both calls in the wallet: what was used and how many requests', async () => {
    await openFromSidebar('Wallet', '/topup');
    const figure = (testId: string) => page().getByTestId(testId).textContent();
    // The playground's call settles asynchronously too: reload the wallet until it counts.
    await waitUntil(
      async () => {
        if ((await figure('balance-requests')) === '2') return true;
        await page().reload({ waitUntil: 'networkidle' });
        return (await figure('balance-requests')) === '2';
      },
      Boolean,
      { what: 'two requests in the wallet' },
    );
    // $0.50 for the priced call, and a fraction of a cent for the short playground reply.
    await expect(figure('balance-used')).resolves.toBe('$0.50');
    const balance = Number(((await balanceText()) ?? '').replace('$', ''));
    expect(balance).toBeLessThanOrEqual(10 - 0.5);
    await screenshot('wallet-after-calls');
    opened.expectNoConsoleErrors();
  });
});
