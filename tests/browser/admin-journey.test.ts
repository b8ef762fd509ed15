import { DEFAULT_TEXT } from '@modelgate/fake-upstream';
import OpenAI from 'openai';
import type { Browser, Locator } from 'playwright-core';
import { launchBrowser, type OpenedPage, openPage, waitUntil } from './support/browser';
import { type ConsoleStack, type ConsoleUser, signIn, startConsoleStack } from './support/console-stack';
import { announceScreenshots, saveScreenshot } from './support/screenshots';

jest.setTimeout(60_000);

/** The model only the channel created in the journey serves (added as a custom model name). */
const JOURNEY_MODEL = 'admin-journey-model';
/** The upstream key the new channel sends: the fake upstream records it, so a request shows its channel. */
const UPSTREAM_KEY = 'sk-admin-journey-upstream';
const CHANNEL_NAME = 'journey channel';
const TAG = 'journey-tag';
const SYSTEM_NAME = 'Journey Gate';

/**
 * The administrator's side of the console in a real browser, signed in as root through the login
 * page: create a channel pointing at the fake upstream, test it, see a user's call routed through
 * it, tag two channels and disable the tag, create redemption codes and see one redeemed, promote
 * and demote a user, change the system name and see it in the console and in `/api/status`.
 */
describe('root in the console: channels, redemption codes, users and settings', () => {
  let stack: ConsoleStack;
  let browser: Browser;
  let opened: OpenedPage;
  let member: ConsoleUser;
  let channelId = 0;
  let shots = 0;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startConsoleStack(), launchBrowser()]);
    await stack.api.setOptions({ ModelPrice: JSON.stringify({ [JOURNEY_MODEL]: 0.01 }) });
    member = await stack.createUser();
    opened = await openPage(browser, { language: 'en' });
    await signIn(opened.page, stack.url, 'root', '123456');
  }, 120_000);
  afterAll(async () => {
    await opened?.close();
    await browser?.close();
    await stack?.stop();
    if (shots > 0) announceScreenshots(shots);
  });

  const page = () => opened.page;
  const main = () => page().getByRole('main');
  const screenshot = async (name: string) => {
    await saveScreenshot(page(), 'en', 'light', `admin-journey-${String(++shots).padStart(2, '0')}-${name}`);
  };
  const toast = (text: string | RegExp) => page().locator('.bp6-toast').filter({ hasText: text });
  const open = async (path: string) => {
    await page().goto(`${stack.url}${path}`, { waitUntil: 'networkidle' });
  };
  const channelRow = (name: string): Locator => page().locator('table.mg-channels-table tbody tr').filter({ hasText: name });
  /** The text of `row`'s cell under the column headed `header`. */
  const cellUnder = async (table: Locator, row: Locator, header: string): Promise<string> => {
    const headers = (await table.locator('thead th').allTextContents()).map((text) => text.trim());
    const index = headers.indexOf(header);
    if (index < 0) throw new Error(`no column "${header}" among ${JSON.stringify(headers)}`);
    return ((await row.locator('td').nth(index).textContent()) ?? '').trim();
  };

  /** One step of the journey; once a step fails the later ones fail at once instead of timing out. */
  let brokenAt: string | null = null;
  const step = (name: string, run: () => Promise<void>) =>
    it(name, async () => {
      if (brokenAt) throw new Error(`skipped: an earlier step failed (${brokenAt})`);
      try {
        await run();
        opened.expectNoConsoleErrors();
      } catch (error) {
        brokenAt = name;
        throw error;
      }
    });

  step('creates an OpenAI-type channel at the fake upstream on /channel/add and lists it', async () => {
    await open('/channel/add');
    await main().getByRole('heading', { name: 'Create a channel' }).waitFor();
    await main().getByLabel(/^Name/).fill(CHANNEL_NAME);
    await main().getByLabel(/^API address/).fill(stack.fake.url);
    await main().getByLabel(/^Key/).fill(UPSTREAM_KEY);
    // A new OpenAI channel starts with the type's default models: keep only the journey's own.
    await main().getByRole('button', { name: 'Clear all models' }).click();
    await main().getByText('0 models selected').waitFor();
    const custom = main().getByLabel('Custom model names, separated by commas');
    await custom.fill(JOURNEY_MODEL);
    await main().getByRole('button', { name: 'Add', exact: true }).click();
    await main().locator('.bp6-tag').filter({ hasText: JOURNEY_MODEL }).waitFor();
    await main().getByText('1 models selected').waitFor();
    await screenshot('channel-add');
    await main().getByRole('button', { name: 'Submit' }).click();
    await toast('Channel created!').waitFor();
    await page().waitForURL(`${stack.url}/channel`);

    const row = channelRow(CHANNEL_NAME);
    await row.waitFor();
    const [stored] = await stack.api.query<{ id: number; base_url: string; models: string; key: string; type: number }>(
      `SELECT id, base_url, models, key, type FROM channels WHERE name = $1`,
      [CHANNEL_NAME],
    );
    expect(stored).toMatchObject({ base_url: stack.fake.url, models: JOURNEY_MODEL, key: UPSTREAM_KEY, type: 1 });
    channelId = Number(stored!.id);
    await expect(row.textContent()).resolves.toContain('Enabled');
    await screenshot('channel-listed');
  });

  step('tests the channel from its row: a success toast with seconds and a response time', async () => {
    const row = channelRow(CHANNEL_NAME);
    const table = page().locator('table.mg-channels-table');
    await expect(cellUnder(table, row, 'Response time')).resolves.toBe('Untested');
    const seen = stack.fake.requests.length;
    await row.getByRole('button', { name: 'Test', exact: true }).click();
    await toast(new RegExp(`^Channel ${CHANNEL_NAME} tested successfully in \\d+\\.\\d{2} s\\.`)).waitFor();
    const probe = stack.fake.requests.slice(seen).find((request) => request.apiKey === UPSTREAM_KEY);
    expect(probe).toMatchObject({ model: JOURNEY_MODEL });
    await waitUntil(() => cellUnder(table, row, 'Response time'), (text) => /^\d+\.\d{2} s$/.test(text), {
      what: 'the response time in the channel row',
    });
    await screenshot('channel-tested');
  });

  step('routes a user token call for its model through the channel, shown in the admin log', async () => {
    const client = await stack.api.signedInAs(member.id);
    const created = await client.post('/api/token/', { name: 'admin-journey', unlimited_quota: true, expired_time: -1 });
    expect(created.body.success).toBe(true);
    const listed = await client.get('/api/token/?p=0&size=10');
    const key = (listed.body.data as Array<{ name: string; key: string }>).find((token) => token.name === 'admin-journey')!.key;
    const apiKey = `sk-${key}`;
    await waitUntil(
      async () => {
        const res = await fetch(`${stack.url}/v1/models`, { headers: { Authorization: `Bearer ${apiKey}` } });
        if (res.status !== 200) return [];
        return ((await res.json()) as { data: Array<{ id: string }> }).data.map((model) => model.id);
      },
      (models) => models.includes(JOURNEY_MODEL),
      { what: `${JOURNEY_MODEL} in /v1/models for the user's key` },
    );
    const sdk = new OpenAI({ baseURL: `${stack.url}/v1`, apiKey, maxRetries: 0 });
    const answer = await sdk.chat.completions.create({ model: JOURNEY_MODEL, messages: [{ role: 'user', content: 'Hi' }] });
    expect(answer.choices[0]?.message.content).toBe(DEFAULT_TEXT);
    expect(stack.fake.requests.at(-1)).toMatchObject({ model: JOURNEY_MODEL, apiKey: UPSTREAM_KEY });

    await open('/log');
    const table = page().locator('table.mg-log-table');
    const row = table.locator('tbody tr').filter({ hasText: JOURNEY_MODEL }).filter({ hasText: member.username });
    const query = page().getByRole('button', { name: 'Query' });
    // Billing settles usage asynchronously: query again until the row is there.
    await waitUntil(
      async () => {
        if ((await row.count()) > 0) return true;
        const answered = page().waitForResponse((response) => new URL(response.url()).pathname === '/api/log/');
        await query.click();
        await answered;
        return (await row.count()) > 0;
      },
      Boolean,
      { what: 'the call in the admin usage log' },
    );
    await expect(cellUnder(table, row.first(), 'Channel')).resolves.toBe(String(channelId));
    await screenshot('admin-log');
  });

  step('tags two channels together and disables the tag: both show disabled', async () => {
    await open('/channel');
    const seededName = 'fake upstream';
    await channelRow(CHANNEL_NAME).getByRole('checkbox', { name: `Select ${CHANNEL_NAME}` }).check({ force: true });
    await channelRow(seededName).getByRole('checkbox', { name: `Select ${seededName}` }).check({ force: true });
    await main().getByRole('button', { name: 'Set tag' }).click();
    const dialog = page().getByRole('dialog');
    await dialog.getByText('2 channel(s) selected').waitFor();
    await dialog.getByLabel(/^Tag name/).fill(TAG);
    await dialog.getByRole('button', { name: 'Set tag' }).click();
    await toast('Tag set on 2 channel(s)!').waitFor();

    await main().getByText('Tag mode').click();
    const tagRow = page().locator('tr.mg-channel-tag-row').filter({ hasText: TAG });
    await tagRow.getByText('2 channel(s)').waitFor();
    await screenshot('tag-mode');
    await tagRow.getByRole('button', { name: 'Disable all' }).click();
    await toast('Operation completed successfully!').waitFor();
    await waitUntil(() => tagRow.textContent(), (text) => (text ?? '').includes('Disabled'), { what: 'the tag row to show disabled' });
    await tagRow.getByRole('button', { name: `Show the channels of ${TAG}` }).click();
    for (const name of [CHANNEL_NAME, seededName]) {
      await waitUntil(() => channelRow(name).textContent(), (text) => (text ?? '').includes('Disabled'), {
        what: `${name} to show disabled`,
      });
    }
    const statuses = await stack.api.query<{ status: number }>(`SELECT status FROM channels WHERE tag = $1`, [TAG]);
    expect(statuses.map((row) => Number(row.status))).toEqual([2, 2]);
    await screenshot('tag-disabled');
  });

  step('creates two redemption codes, reads their keys and sees one marked used once redeemed', async () => {
    await open('/redemption');
    await main().getByRole('button', { name: 'Add redemption codes' }).click();
    const drawer = page().locator('.bp6-drawer');
    await drawer.getByLabel(/^Name/).fill('journey codes');
    await drawer.getByLabel(/^Quota/).fill('500000');
    await drawer.getByLabel(/^Number of codes/).fill('2');
    await drawer.getByRole('button', { name: 'Submit' }).click();
    await toast('Redemption codes created!').waitFor();
    const dialog = page().getByRole('dialog', { name: 'Redemption codes created' });
    const keys = (await dialog.getByLabel('Generated redemption codes').inputValue()).split('\n');
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    await screenshot('codes-created');
    await dialog.locator('.bp6-dialog-footer').getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    const table = main().locator('table');
    const rows = table.locator('tbody tr').filter({ hasText: 'journey codes' });
    await waitUntil(() => rows.count(), (count) => count === 2, { what: 'two new codes in the list' });
    const statuses = async () => {
      const texts: string[] = [];
      for (const row of await rows.all()) texts.push(await cellUnder(table, row, 'Status'));
      return texts.sort();
    };
    await expect(statuses()).resolves.toEqual(['Unused', 'Unused']);
    const redeemed = await (await stack.api.signedInAs(member.id)).post('/api/user/topup', { key: keys[0] });
    expect(redeemed.body.success).toBe(true);
    // Searching for the batch by name fetches the list afresh.
    await main().getByLabel('Search keyword').fill('journey');
    await main().getByRole('button', { name: 'Search' }).click();
    await waitUntil(statuses, (texts) => texts.join() === 'Unused,Used', { what: 'one code marked used' });
    const used = rows.filter({ has: page().getByText('Used', { exact: true }) });
    await expect(cellUnder(table, used, 'Redeemed by (user ID)')).resolves.toContain(String(member.id));
    await screenshot('code-used');
  });

  step('promotes a common user to admin on /user and demotes them back', async () => {
    await open('/user');
    const row = page().locator('table.mg-users-table tbody tr').filter({ hasText: member.username });
    const roleTag = row.locator('.bp6-tag').filter({ hasText: /^(Common user|Admin)$/ });
    await expect(roleTag.textContent()).resolves.toBe('Common user');
    await row.getByRole('button', { name: 'Promote' }).click();
    // Promoting asks first, as demoting does.
    await page().locator('.bp6-alert').getByRole('button', { name: 'Promote' }).click();
    await toast('Operation completed successfully!').waitFor();
    await waitUntil(() => roleTag.textContent(), (text) => text === 'Admin', { what: 'the Admin role tag' });
    await screenshot('user-promoted');

    await row.getByRole('button', { name: 'Demote' }).click();
    await page().locator('.bp6-alert').getByRole('button', { name: 'Demote' }).click();
    await waitUntil(() => roleTag.textContent(), (text) => text === 'Common user', { what: 'the Common user role tag' });
    const [stored] = await stack.api.query<{ role: number }>(`SELECT role FROM users WHERE id = $1`, [member.id]);
    expect(Number(stored!.role)).toBe(1);
    await screenshot('user-demoted');
  });

  step('renames the system on the Other settings tab: the top bar and /api/status follow', async () => {
    await open('/setting?tab=other');
    const section = main().locator('.bp6-section').filter({ has: page().getByRole('heading', { name: 'System name' }) });
    const field = section.getByLabel(/^System name/);
    await field.fill(SYSTEM_NAME);
    await section.getByRole('button', { name: 'Save' }).click();
    await toast('System name updated').waitFor();
    await waitUntil(() => page().locator('.mg-brand-name').textContent(), (text) => text === SYSTEM_NAME, {
      what: 'the new name in the top bar',
    });
    const status = (await (await fetch(`${stack.url}/api/status`)).json()) as { data: { system_name: string } };
    expect(status.data.system_name).toBe(SYSTEM_NAME);
    await page().reload({ waitUntil: 'networkidle' });
    await expect(page().locator('.mg-brand-name').textContent()).resolves.toBe(SYSTEM_NAME);
    await expect(page().title()).resolves.toBe(SYSTEM_NAME);
    await screenshot('system-renamed');
  });
});
