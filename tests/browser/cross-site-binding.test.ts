import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { signTelegram } from '../support/fake-providers';
import { launchBrowser, type OpenedPage, openPage } from './support/browser';
import { type ConsoleStack, type ConsoleUser, signIn, startConsoleStack } from './support/console-stack';

jest.setTimeout(90_000);

const BOT_TOKEN = '7000002:cross-site-bot-token';
/** The attacker's own Telegram account: Telegram signed these fields for them, for this site's bot. */
const ATTACKER_TELEGRAM_ID = '990001';
/** The victim's own Telegram account, bound through the console at the end. */
const VICTIM_TELEGRAM_ID = '990002';

/** What Telegram's login widget hands the page for `id`, signed with the bot's token. */
function telegramUser(id: string, name: string): Record<string, string> {
  return signTelegram({ id, first_name: name, username: name.toLowerCase(), auth_date: String(Math.floor(Date.now() / 1000)) }, BOT_TOKEN);
}

/**
 * The attacker's page: it makes the visitor's browser ask the gateway to bind the attacker's
 * Telegram account and to sign out, with images (sent in the background), then sends the
 * browser itself there with a self-submitting form (a top-level navigation, the one kind of
 * cross-site request a SameSite=Lax cookie goes along with).
 */
function attackPage(gateway: string): string {
  const fields = telegramUser(ATTACKER_TELEGRAM_ID, 'Mallory');
  const bind = `${gateway}/api/oauth/telegram/bind?${new URLSearchParams(fields)}`;
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
    .join('');
  return `<!doctype html><html><head><title>You won a prize</title></head><body>
<img src="${bind}" alt=""><img src="${gateway}/api/user/logout" alt="">
<form id="claim" method="GET" action="${gateway}/api/oauth/telegram/bind">${inputs}</form>
<script>
  const settled = [...document.images].map((img) => img.complete ? null : new Promise((done) => { img.onload = img.onerror = done; }));
  Promise.all(settled).then(() => document.getElementById('claim').submit());
</script></body></html>`;
}

/**
 * Telegram's widget script as the browser gets it in this test (the real one needs telegram.org):
 * a button that hands `user` to the page the way the widget does, through the function its
 * `data-onauth` attribute names.
 */
function fakeWidgetScript(user: Record<string, string>): string {
  return `(() => {
  const script = document.currentScript;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Log in with Telegram';
  button.onclick = () => new Function('user', script.getAttribute('data-onauth'))(${JSON.stringify(user)});
  script.after(button);
})();`;
}

/**
 * Account takeover by cross-site binding: a signed-in visitor opens a page on another site (or
 * another origin of the same site) that sends their browser to the gateway's Telegram binding
 * with the attacker's signed widget fields. Nothing is bound and the visitor stays signed in;
 * the console's own binding, through the widget, still works.
 */
describe('a page on another site cannot bind its Telegram account to a signed-in visitor', () => {
  let stack: ConsoleStack;
  let browser: Browser;
  let attacker: Server;
  let attackerPort = 0;
  const opened: OpenedPage[] = [];

  const telegramIdOf = async (userId: number) =>
    (await stack.api.query<{ telegram_id: string }>(`SELECT telegram_id FROM users WHERE id = $1`, [userId]))[0]!.telegram_id;
  const holdersOf = (telegramId: string) => stack.api.query(`SELECT id FROM users WHERE telegram_id = $1`, [telegramId]);

  /** The visitor opens the attacker's page at `origin`; resolves once it has sent them to the gateway. */
  const visitAttackPage = async (visit: OpenedPage, origin: string) => {
    await visit.page.goto(`${origin}/prize`);
    await visit.page.waitForURL((url) => url.origin === stack.url, { waitUntil: 'load' });
  };

  /** Back on the console, the visitor is still signed in (the session works) and has no Telegram account bound. */
  const expectUntouched = async (visit: OpenedPage, userId: number) => {
    await visit.page.goto(`${stack.url}/personal`);
    const self = await visit.page.evaluate(
      async (id) => (await fetch('/api/user/self', { headers: { 'New-Api-User': String(id) } })).json(),
      userId,
    );
    expect(self).toMatchObject({ success: true, data: { id: userId, telegram_id: '' } });
    expect(await telegramIdOf(userId)).toBe('');
  };

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startConsoleStack(), launchBrowser()]);
    await stack.api.setOptions({ TelegramBotToken: BOT_TOKEN, TelegramBotName: 'gate_bot' });
    await stack.api.setOptions({ TelegramOAuthEnabled: 'true' });
    attacker = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(attackPage(stack.url));
    });
    // Both loopback families: the page is opened as http://localhost (another site) and as
    // http://127.0.0.1 on another port (the gateway's site, another origin).
    await new Promise<void>((resolve) => attacker.listen(0, '::', resolve));
    attackerPort = (attacker.address() as AddressInfo).port;
  }, 120_000);
  afterAll(async () => {
    for (const visit of opened) await visit.close();
    await browser?.close();
    await new Promise((resolve) => attacker?.close(resolve));
    await stack?.stop();
  });

  /** A visitor who signed in through the login page: the session cookie exactly as the gateway sets it. */
  const signedInVisitor = async (): Promise<{ visit: OpenedPage; userId: number }> => {
    const username = `v${Date.now() % 10_000_000}`;
    const password = 'visitor-pass-1';
    const registered = await stack.api.client().post('/api/user/register', { username, password, password2: password });
    expect(registered.body.success).toBe(true);
    const visit = await openPage(browser, { language: 'en' });
    opened.push(visit);
    await signIn(visit.page, stack.url, username, password);
    const [{ id }] = await stack.api.query(`SELECT id FROM users WHERE username = $1`, [username]);
    return { visit, userId: Number(id) };
  };

  /**
   * A visitor whose session began before the upgrade, when the gateway set the cookie
   * SameSite=Lax (which goes along with another site's top-level navigations).
   */
  const laxSessionVisitor = async (): Promise<{ visit: OpenedPage; user: ConsoleUser }> => {
    const user = await stack.createUser();
    const state = await stack.signedInState(user);
    const storageState = { ...state, cookies: state.cookies.map((cookie) => ({ ...cookie, sameSite: 'Lax' as const })) };
    const visit = await openPage(browser, { language: 'en', storageState });
    opened.push(visit);
    return { visit, user };
  };

  it('from another site: neither a fresh session nor one from before the upgrade is bound or signed out', async () => {
    const fresh = await signedInVisitor();
    const [cookie] = (await fresh.visit.context.cookies(stack.url)).filter((c) => c.name === 'session');
    expect(cookie?.sameSite).toBe('Strict');
    const legacy = await laxSessionVisitor();

    for (const [visit, userId] of [[fresh.visit, fresh.userId], [legacy.visit, legacy.user.id]] as const) {
      await visitAttackPage(visit, `http://localhost:${attackerPort}`);
      await expectUntouched(visit, userId);
    }
    expect(await holdersOf(ATTACKER_TELEGRAM_ID)).toEqual([]);
  });

  it('from another origin of the same site (another port), where even the images carry the cookie', async () => {
    const legacy = await laxSessionVisitor();
    await visitAttackPage(legacy.visit, `http://127.0.0.1:${attackerPort}`);
    await expectUntouched(legacy.visit, legacy.user.id);
    expect(await holdersOf(ATTACKER_TELEGRAM_ID)).toEqual([]);
  });

  it("while the console's own binding, through the widget on the bindings page, binds the visitor's account", async () => {
    const { visit, userId } = await signedInVisitor();
    await visit.context.route('https://telegram.org/js/telegram-widget.js*', (route) =>
      route.fulfill({ contentType: 'application/javascript', body: fakeWidgetScript(telegramUser(VICTIM_TELEGRAM_ID, 'Victor')) }),
    );
    visit.problems.clear();
    await visit.page.goto(`${stack.url}/personal`);
    const row = visit.page.getByTestId('binding-telegram');
    await row.getByRole('button', { name: 'Log in with Telegram' }).click();
    await visit.page.locator('.bp6-toast').filter({ hasText: 'Telegram account bound!' }).waitFor();
    // The row shows the account once the page has read the user again.
    await row.filter({ hasText: VICTIM_TELEGRAM_ID }).waitFor();
    expect(await telegramIdOf(userId)).toBe(VICTIM_TELEGRAM_ID);
    visit.expectNoConsoleErrors();
  });
});
