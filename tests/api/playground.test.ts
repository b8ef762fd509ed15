import { ApiClient } from '../support/api-client';
import { eventually, seedToken } from '../support/relay-fixtures';
import { type RelayStack, sseEvents, startRelayStack } from '../support/relay-stack';

jest.setTimeout(120_000);

const MODEL = 'gpt-4o-mini';
const STARTING_QUOTA = 5_000_000;

/** A browser signed in through `POST /api/user/login`: its session cookie and user id. */
interface Browser {
  readonly userId: number;
  readonly cookie: string;
  readonly api: ApiClient;
}

/**
 * `POST /pg/chat/completions`, the console playground, over the embedded stack's one port: the
 * console session (checked by identity) signs the user in, the relay routes and streams exactly
 * as for `/v1`, and billing charges the user's own balance with no token.
 */
describe('the console playground', () => {
  let relay: RelayStack;
  let admin: ApiClient;
  let channelKey: string;
  let users = 0;

  /** Registers and signs in a new user (through the public `/api`), then sets their balance. */
  const signUp = async (): Promise<Browser> => {
    const username = `pg${++users}${Date.now() % 100_000}`;
    const password = 'playground-pass-1';
    const api = relay.api.client();
    expect((await api.post('/api/user/register', { username, password, password2: password })).body.success).toBe(true);
    const res = await fetch(`${relay.url}/api/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const body = (await res.json()) as { success: boolean; data: { id: number } };
    expect(body.success).toBe(true);
    const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => c.startsWith('session='));
    if (!cookie) throw new Error('sign-in set no session cookie');
    const userId = Number(body.data.id);
    await relay.sql(`UPDATE users SET quota = $2 WHERE id = $1`, [userId, STARTING_QUOTA]);
    api.setCookie('session', cookie.slice('session='.length));
    api.userId = userId;
    return { userId, cookie, api };
  };

  /** A playground call as the console makes it; `headers` replace the browser's own. */
  const chat = (browser: Browser | undefined, body: Record<string, unknown> | string, headers?: Record<string, string>) =>
    fetch(`${relay.url}/pg/chat/completions`, {
      method: 'POST',
      headers: headers ?? {
        'Content-Type': 'application/json',
        ...(browser ? { Cookie: browser.cookie, 'New-Api-User': String(browser.userId) } : {}),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  const consoleBody = (extra: Record<string, unknown> = {}) => ({
    messages: [
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: 'Say hello from the playground.' },
    ],
    stream: true,
    model: MODEL,
    group: '',
    max_tokens: 64,
    temperature: 0.7,
    ...extra,
  });

  const logsOf = (userId: number) =>
    relay.sql<{ token_id: number; token_name: string; group: string; is_stream: boolean; quota: string; model_name: string }>(
      `SELECT token_id, token_name, "group", is_stream, quota, model_name FROM logs WHERE type = 2 AND user_id = $1 ORDER BY id`,
      [userId],
    );

  const expectOpenAIError = async (res: Response, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = (await res.json()) as { error: Record<string, unknown> };
    expect(Object.keys(body.error).sort()).toEqual(['code', 'message', 'param', 'type']);
    expect(body.error.code).toBe(code);
    expect(typeof body.error.message === 'string' && body.error.message !== '').toBe(true);
    return body.error;
  };

  beforeAll(async () => {
    // Every test signs a new user up and in through /api: more than the default sign-in limit allows.
    relay = await startRelayStack({ CRITICAL_RATE_LIMIT: '500' });
    admin = await relay.api.root();
    channelKey = 'sk-upstream-playground';
    await relay.seedChannel({ baseUrl: relay.fake.url, key: channelKey, models: [MODEL], groups: ['default', 'vip'] });
    // The relay has loaded the channel once a token of the default group lists its model.
    const probe = await relay.userWithToken(1_000_000);
    await relay.waitForModels(probe.apiKey, [MODEL]);
  });
  afterAll(() => relay?.stop());

  it('streams a reply to the signed-in user and charges their own balance, logged as playground with no token', async () => {
    const browser = await signUp();
    // A limited token of the user's: the playground never touches it.
    const token = await seedToken(relay.sql, { userId: browser.userId, unlimited: false, remainQuota: 10_000 });
    const seen = relay.fake.requests.length;

    const res = await chat(browser, consoleBody());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = sseEvents(await res.text());
    expect(events.at(-1)).toBe('[DONE]');
    const text = events
      .filter((event): event is Record<string, any> => event !== '[DONE]')
      .map((event) => event.choices?.[0]?.delta?.content ?? '')
      .join('');
    expect(text).toBe('Hello from the fake upstream.');

    // The upstream got the chat request without the console's group field.
    const sent = relay.fake.requests.slice(seen).filter((r) => r.apiKey === channelKey);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ model: MODEL, stream: true, max_tokens: 64, temperature: 0.7 });
    expect(sent[0]!.body).not.toHaveProperty('group');

    let logs: Awaited<ReturnType<typeof logsOf>> = [];
    expect(await eventually(async () => (logs = await logsOf(browser.userId)).length === 1, 10_000)).toBe(true);
    expect(logs[0]).toMatchObject({ token_id: 0, token_name: 'playground', group: 'default', is_stream: true, model_name: MODEL });
    const charged = Number(logs[0]!.quota);
    expect(charged).toBeGreaterThan(0);

    const balances = await relay.balances(browser.userId);
    expect(balances.quota).toBeLessThan(STARTING_QUOTA);
    // What the user has left plus what the relay's quota lease still holds is the start minus the charge.
    expect(balances.quota + balances.reserved).toBe(STARTING_QUOTA - charged);
    expect(balances).toMatchObject({ usedQuota: charged, requestCount: 1 });
    const [tokenRow] = await relay.sql(`SELECT remain_quota, used_quota FROM tokens WHERE id = $1`, [token.id]);
    expect(tokenRow).toEqual({ remain_quota: '10000', used_quota: '0' });

    // The user finds the call in their own log, under the playground's name.
    const own = await browser.api.get('/api/log/self/?type=2');
    expect(own.body.data.items).toEqual([expect.objectContaining({ token_name: 'playground', model_name: MODEL })]);
  });

  it('answers without a stream too, in a group the user may choose', async () => {
    const browser = await signUp();
    const res = await chat(browser, consoleBody({ stream: false, group: 'vip' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = (await res.json()) as { object: string; choices: Array<{ message: { content: string } }> };
    expect(body.object).toBe('chat.completion');
    expect(body.choices[0]!.message.content).toBe('Hello from the fake upstream.');
    let logs: Awaited<ReturnType<typeof logsOf>> = [];
    expect(await eventually(async () => (logs = await logsOf(browser.userId)).length === 1, 10_000)).toBe(true);
    expect(logs[0]).toMatchObject({ token_id: 0, token_name: 'playground', group: 'vip', is_stream: false });
  });

  it('refuses a caller without a session with 401, also one holding an API key', async () => {
    const browser = await signUp();
    const error = await expectOpenAIError(await chat(undefined, consoleBody()), 401, 'not_signed_in');
    expect(error.message).toBe('无权进行此操作，未登录且未提供 access token');
    const probe = await relay.userWithToken(1_000_000);
    await expectOpenAIError(
      await chat(undefined, consoleBody(), {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${probe.apiKey}`,
        'New-Api-User': String(probe.userId),
      }),
      401,
      'not_signed_in',
    );
    // A cookie that names no session is no better.
    await expectOpenAIError(
      await chat(undefined, consoleBody(), {
        'Content-Type': 'application/json',
        Cookie: `session=${'A'.repeat(43)}`,
        'New-Api-User': String(browser.userId),
      }),
      401,
      'not_signed_in',
    );
    expect(await logsOf(browser.userId)).toEqual([]);
  });

  it('refuses a New-Api-User that is missing or names another user with 401', async () => {
    const browser = await signUp();
    const other = await signUp();
    const mismatch = await expectOpenAIError(
      await chat(undefined, consoleBody(), {
        'Content-Type': 'application/json',
        Cookie: browser.cookie,
        'New-Api-User': String(other.userId),
      }),
      401,
      'user_mismatch',
    );
    expect(mismatch.message).toBe('无权进行此操作，New-Api-User 与登录用户不匹配');
    await expectOpenAIError(
      await chat(undefined, consoleBody(), { 'Content-Type': 'application/json', Cookie: browser.cookie }),
      401,
      'missing_user_header',
    );
    expect(await logsOf(browser.userId)).toEqual([]);
    expect(await logsOf(other.userId)).toEqual([]);
  });

  it('refuses a group the user may not use with 403, and charges nothing', async () => {
    const browser = await signUp();
    const error = await expectOpenAIError(await chat(browser, consoleBody({ group: 'svip' })), 403, 'group_not_allowed');
    expect(error.param).toBe('group');
    expect((await relay.balances(browser.userId)).usedQuota).toBe(0);
  });

  it('refuses a disabled user with 403 user_banned', async () => {
    const browser = await signUp();
    // Disabled while the session lives on (disabling through the admin API also ends sessions).
    await relay.sql(`UPDATE users SET status = 2 WHERE id = $1`, [browser.userId]);
    const error = await expectOpenAIError(await chat(browser, consoleBody()), 403, 'user_banned');
    expect(error.message).toBe('用户已被封禁');
    expect(await logsOf(browser.userId)).toEqual([]);
  });

  it('refuses a user at once when an admin disables them, however recently they were let in', async () => {
    const browser = await signUp();
    expect((await chat(browser, consoleBody({ stream: false }))).status).toBe(200);
    expect((await admin.post('/api/user/manage', { id: browser.userId, action: 'disable' })).body.success).toBe(true);
    // The relay drops its remembered answer on the user's change event, well before it would expire.
    let status = 0;
    expect(
      await eventually(async () => {
        status = (await chat(browser, consoleBody({ stream: false }))).status;
        return status !== 200;
      }, 1_500),
    ).toBe(true);
    expect([401, 403]).toContain(status);
  });

  it('stops accepting a session as soon as the user signs out', async () => {
    const browser = await signUp();
    expect((await chat(browser, consoleBody({ stream: false }))).status).toBe(200);
    expect((await browser.api.get('/api/user/logout')).body.success).toBe(true);
    // The relay remembered the session for a few seconds; the sign-out's event drops it at once
    // (the bound leaves room for the event's trip over NATS, far below the remembered seconds).
    let status = 0;
    const refused = await eventually(async () => (status = (await chat(browser, consoleBody({ stream: false }))).status) === 401, 300);
    expect([refused, status]).toEqual([true, 401]);
  });

  it('answers malformed JSON and a bad request with a 400 OpenAI error', async () => {
    const browser = await signUp();
    await expectOpenAIError(await chat(browser, '{"messages": ['), 400, 'invalid_json');
    await expectOpenAIError(await chat(browser, { model: MODEL, stream: true }), 400, 'invalid_request');
    await expectOpenAIError(await chat(browser, consoleBody({ group: 42 })), 400, 'invalid_request');
    expect((await relay.balances(browser.userId)).usedQuota).toBe(0);
  });
});
