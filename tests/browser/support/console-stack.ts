import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SESSION_COOKIE } from '@modelgate/access';
import { createDataSource } from '@modelgate/db';
import { SessionStore } from '@modelgate/edge';
import { type FakeUpstream, startFakeUpstream } from '@modelgate/fake-upstream';
import { createLogger } from '@modelgate/runtime';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { type ApiStack, startApiStack } from '../../support/api-stack';
import { seedChannel, seedUser } from '../../support/relay-fixtures';

/** Where `npm run build:console` leaves the console that edge serves. */
export const CONSOLE_DIST = resolve(__dirname, '../../../console/dist');

/** Models the seeded channel serves from the fake upstream. */
export const FAKE_MODELS = ['gpt-4o-mini', 'gpt-4o'];

/** The user a signed-in browser starts with: what the console keeps in `localStorage.user`. */
export interface ConsoleUser {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  group: string;
}

export type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** The whole product serving the built console, with a fake upstream behind a seeded channel. */
export interface ConsoleStack {
  readonly api: ApiStack;
  /** The product's address, e.g. `http://127.0.0.1:12345`; the console is served at `/`. */
  readonly url: string;
  readonly fake: FakeUpstream;
  readonly channelId: number;
  /** Inserts a user (role 1 unless given, `default` group) and answers it as the console stores it. */
  createUser(options?: { role?: number; quota?: number; group?: string }): Promise<ConsoleUser>;
  /** The built-in super administrator (`root`), as the console stores it. */
  rootUser(): Promise<ConsoleUser>;
  /**
   * Browser state of `user` signed in, as a sign-in would leave it: a live session cookie and
   * `localStorage.user`; `local` adds further local-storage entries (theme, language, ...).
   */
  signedInState(user: ConsoleUser, local?: Record<string, string>): Promise<StorageState>;
  /** Browser state with only local-storage entries (signed out). */
  localState(local: Record<string, string>): StorageState;
  /** Ends every session of `user` server-side, as a sign-out elsewhere or an admin would. */
  endSessions(userId: number): Promise<void>;
  stop(): Promise<void>;
}

function requireConsoleBuild(): void {
  if (!existsSync(join(CONSOLE_DIST, 'index.html'))) {
    throw new Error(
      `The console is not built (${join(CONSOLE_DIST, 'index.html')} is missing): run \`npm run build:console\` first.`,
    );
  }
}

/**
 * Starts the embedded stack on a fresh database (edge serves console/dist at `/`), a fake
 * upstream, and a channel pointing at it in the `default` group.
 */
export async function startConsoleStack(env: Record<string, string> = {}): Promise<ConsoleStack> {
  requireConsoleBuild();
  const fake = await startFakeUpstream();
  let api: ApiStack;
  try {
    api = await startApiStack(env);
  } catch (error) {
    await fake.close();
    throw error;
  }
  const logger = createLogger({ service: 'browser-test', level: 'silent' });
  const sessionData = createDataSource({ url: api.database.url, poolSize: 1, logger });
  await sessionData.initialize();
  const sessions = new SessionStore(sessionData);
  const sql = <T = any>(text: string, parameters?: unknown[]) => api.query<T>(text, parameters);

  const index = await fetch(`${api.url}/`);
  const html = await index.text();
  if (index.status !== 200 || !html.includes('<div id="root">')) {
    await stopAll();
    throw new Error(`edge does not serve the console's index.html at / (HTTP ${index.status})`);
  }
  const channelId = await seedChannel(
    sql,
    { baseUrl: fake.url, name: 'fake upstream', models: FAKE_MODELS, groups: ['default'] },
    api.stack.bus,
  );

  const origin = api.url;
  const localEntries = (local: Record<string, string>) => Object.entries(local).map(([name, value]) => ({ name, value }));

  async function consoleUser(where: string, parameters: unknown[]): Promise<ConsoleUser> {
    const [row] = await sql(`SELECT id, username, display_name, role, status, "group" FROM users WHERE ${where}`, parameters);
    if (!row) throw new Error(`no user where ${where} (${JSON.stringify(parameters)})`);
    return {
      id: Number(row.id),
      username: row.username,
      display_name: row.display_name,
      role: Number(row.role),
      status: Number(row.status),
      group: row.group,
    };
  }

  async function stopAll() {
    await sessionData.destroy();
    await api.stop();
    await fake.close();
  }

  return {
    api,
    url: api.url,
    fake,
    channelId,
    async createUser({ role = 1, quota = 10_000_000, group = 'default' } = {}) {
      const id = await seedUser(sql, quota, group, role);
      return consoleUser(`id = $1`, [id]);
    },
    rootUser: () => consoleUser(`username = $1`, ['root']),
    async signedInState(user, local = {}) {
      const token = await sessions.create(user.id);
      const host = new URL(origin).hostname;
      return {
        cookies: [
          { name: SESSION_COOKIE, value: token, domain: host, path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' },
        ],
        origins: [{ origin, localStorage: localEntries({ user: JSON.stringify(user), ...local }) }],
      };
    },
    localState: (local) => ({ cookies: [], origins: [{ origin, localStorage: localEntries(local) }] }),
    async endSessions(userId) {
      await sessions.deleteForUser(userId);
    },
    stop: stopAll,
  };
}

/**
 * Signs in through the login page, as a person would (for journeys): fills the username and
 * password fields and submits, then waits to leave `/login`.
 */
export async function signIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  const form = page.getByRole('main');
  await form.getByLabel(/用户名|Username/i).first().fill(username);
  await form.getByLabel(/密码|Password/i).first().fill(password);
  // The top bar has a sign-in link of its own: the form's submit button is the one in the page.
  await form.getByRole('button', { name: /^(登录|Log ?in|Sign ?in)$/i }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}
