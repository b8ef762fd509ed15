// What the relay does before and while it reads a request body: a caller without balance is refused
// before a byte of the body is read; large bodies need a free slot of their token and room in the
// process's body budget (429 with Retry-After otherwise); each endpoint has its own limit (413).
// Every answer is in the client's protocol. The fake dependencies refuse every model (404) once a
// body has been read, so nothing here reaches routing, admission or an upstream.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TokenStatus, UserRole, UserStatus } from '@modelgate/db';
import { createLogger } from '@modelgate/runtime';
import type { Credential } from '../auth';
import { BodyBudget } from '../http/body-budget';
import { createRelayListener, type RelayListenerDeps } from '../http/relay-listener';

const KiB = 1024;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/** A well-formed key (48 alphanumerics) per token id. */
const keyOf = (id: number) => `key${id}`.padEnd(48, 'K');

function credential(id: number, quota: number, remain = { unlimited: true, remain: 0 }): Credential {
  return {
    token: {
      id, user_id: 100 + id, key: keyOf(id), status: TokenStatus.Enabled, name: 't', created_time: 0, accessed_time: 0,
      expired_time: -1, remain_quota: remain.remain, unlimited_quota: remain.unlimited, model_limits_enabled: false,
      model_limits: '', allow_ips: '', used_quota: 0, group: '', rate_limit_rpm: 0, rate_limit_tpm: 0,
    },
    user: { id: 100 + id, username: `u${id}`, role: UserRole.Common, status: UserStatus.Enabled, group: 'default', quota },
  };
}

describe('request bodies at the relay listener', () => {
  const credentials = new Map<string, Credential>(
    [credential(1, 1_000_000), credential(2, 1_000_000), credential(3, 0), credential(4, -50), credential(5, 1_000_000, { unlimited: false, remain: 10 })].map(
      (found) => [found.token.key, found],
    ),
  );
  let server: Server;
  let port: number;
  let budget: BodyBudget;
  /** The budget as routing saw it, for each call that got that far (its body read and parsed). */
  const seenByRouting: Array<ReturnType<BodyBudget['stats']>> = [];

  beforeAll(async () => {
    budget = new BodyBudget({ budgetBytes: 100 * KiB, largeBytes: 16 * KiB, largePerOwner: 1 });
    const deps = {
      logger: createLogger({ service: 'relay-test', level: 'silent' }),
      credentials: { lookup: (key: string) => Promise.resolve(credentials.get(key)) },
      options: { usableGroups: () => new Set(['default']), knownGroups: () => undefined, promptSensitiveWords: () => [] },
      channels: {
        snapshot: () => ({}),
        knowsModel: () => {
          seenByRouting.push(budget.stats());
          return false;
        },
      },
      limits: { body: { chatBytes: 80 * KiB, jsonBytes: 40 * KiB, uploadBytes: 120 * KiB }, forceStreamUsage: true },
      bodyBudget: budget,
      callerLimits: { modelRequestRateLimit: () => ({ enabled: false, count: 0, successCount: 0, durationMinutes: 1 }) },
      sessions: { authenticate: () => Promise.reject(new Error('no playground here')) },
    } as unknown as RelayListenerDeps;
    server = createServer(createRelayListener(deps));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  });

  afterEach(() => {
    seenByRouting.length = 0;
  });

  /**
   * Sends headers declaring `declared` body bytes, then `sent` of them (all by default), and
   * resolves with the answer as soon as it comes — whether or not the body was all sent. With
   * `hold`, the rest of the body is only sent when the returned `finish` is called.
   */
  function call(
    path: string,
    key: string,
    declared: number,
    options: { sent?: number; headers?: Record<string, string>; content?: Buffer; waitMs?: number } = {},
  ): { answer: Promise<Answer>; finish(): void } {
    const content = options.content ?? Buffer.from(JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x'.repeat(Math.max(0, declared - 60)) }] }).padEnd(declared, ' '));
    const body = content.subarray(0, declared);
    const req = request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path,
      headers: { authorization: `Bearer sk-${keyOf(Number(key.slice(3)))}`, 'content-type': 'application/json', 'content-length': body.length, ...options.headers },
    });
    const answer = new Promise<Answer>((resolve, reject) => {
      const timer = setTimeout(() => {
        req.destroy();
        reject(new Error(`no answer to ${path} within ${options.waitMs ?? 2000} ms`));
      }, options.waitMs ?? 2000);
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          clearTimeout(timer);
          // The rest of a refused body is never sent: this connection is done.
          req.destroy();
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        });
      });
      req.on('error', () => undefined);
    });
    const sent = options.sent ?? body.length;
    req.flushHeaders();
    if (sent > 0) req.write(body.subarray(0, sent));
    if (sent >= body.length) req.end();
    return {
      answer,
      finish: () => {
        req.end(body.subarray(sent));
      },
    };
  }

  const anthropic = { 'anthropic-version': '2023-06-01' };

  it('refuses a caller without balance before reading the body, in the client\'s protocol', async () => {
    // Only the headers are sent: the answer cannot wait for the body.
    for (const key of ['key3', 'key4']) {
      const { answer } = call('/v1/chat/completions', key, 70 * KiB, { sent: 0 });
      await expect(answer).resolves.toMatchObject({
        status: 403,
        body: { error: { message: 'user quota is not enough', type: 'invalid_request_error', param: null, code: 'insufficient_user_quota' } },
      });
    }
    // A body larger than any endpoint takes is not even drained: the connection closes.
    await expect(call('/v1/chat/completions', 'key3', 500 * KiB, { sent: 0 }).answer).resolves.toMatchObject({
      status: 403,
      headers: { connection: 'close' },
    });
    const messages = call('/v1/messages', 'key3', 70 * KiB, { sent: 0, headers: anthropic });
    await expect(messages.answer).resolves.toMatchObject({
      status: 403,
      body: { type: 'error', error: { type: 'permission_error', message: 'user quota is not enough' } },
    });
    expect(seenByRouting).toEqual([]);
  });

  it('drains a refused body of a size it takes, so the client reads the answer on a connection it may reuse', async () => {
    for (const size of [2 * KiB, 70 * KiB]) {
      const refused = await call('/v1/chat/completions', 'key3', size).answer;
      expect(refused.status).toBe(403);
      expect(refused.headers.connection).toBe('keep-alive');
    }
  });

  it('does not ask for balance where nothing is charged (token counting)', async () => {
    const { answer } = call('/v1/messages/count_tokens', 'key3', 2 * KiB, { headers: anthropic });
    await expect(answer).resolves.toMatchObject({ status: 404, body: { type: 'error', error: { type: 'not_found_error' } } });
    expect(seenByRouting).toHaveLength(1);
  });

  it('holds a token to its share of large bodies: 429 with Retry-After, before the body is read', async () => {
    const first = call('/v1/chat/completions', 'key1', 40 * KiB, { sent: 1 * KiB });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(budget.stats()).toEqual({ heldBytes: 40 * KiB, largeBodies: 1 });

    const second = await call('/v1/chat/completions', 'key1', 40 * KiB, { sent: 0 }).answer;
    expect(second).toMatchObject({ status: 429, headers: { 'retry-after': '2' } });
    expect(second.body.error).toMatchObject({ code: 'too_many_large_requests', type: 'invalid_request_error' });
    expect(second.body.error.message).toMatch(/at most 1 request bodies over 16 KiB per token/);
    const anthropicSecond = await call('/v1/messages', 'key1', 40 * KiB, { sent: 0, headers: anthropic }).answer;
    expect(anthropicSecond).toMatchObject({ status: 429, headers: { 'retry-after': '2' }, body: { type: 'error', error: { type: 'rate_limit_error' } } });

    // The same token's small bodies, and another token's large ones, still go.
    await expect(call('/v1/chat/completions', 'key1', 4 * KiB).answer).resolves.toMatchObject({ status: 404 });
    await expect(call('/v1/chat/completions', 'key2', 40 * KiB).answer).resolves.toMatchObject({ status: 404 });

    first.finish();
    await expect(first.answer).resolves.toMatchObject({ status: 404 });
    expect(budget.stats()).toEqual({ heldBytes: 0, largeBodies: 0 });
  });

  it('bounds the large bodies the process holds at once (429 relay_busy), and frees the room when calls end', async () => {
    const first = call('/v1/chat/completions', 'key1', 70 * KiB, { sent: 1 * KiB });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const busy = await call('/v1/chat/completions', 'key2', 40 * KiB, { sent: 0 }).answer;
    expect(busy).toMatchObject({ status: 429, headers: { 'retry-after': '2' }, body: { error: { code: 'relay_busy' } } });
    // A small body is never refused for room.
    await expect(call('/v1/chat/completions', 'key2', 8 * KiB).answer).resolves.toMatchObject({ status: 404 });
    first.finish();
    await first.answer;
    await expect(call('/v1/chat/completions', 'key2', 40 * KiB).answer).resolves.toMatchObject({ status: 404 });
    // The body was still charged when the call reached routing (after it was parsed).
    expect(seenByRouting.at(-1)).toEqual({ heldBytes: 40 * KiB, largeBodies: 1 });
    expect(budget.stats()).toEqual({ heldBytes: 0, largeBodies: 0 });
  });

  it('gives each endpoint its own limit (413 in the client\'s protocol)', async () => {
    await expect(call('/v1/embeddings', 'key1', 50 * KiB, { sent: 0 }).answer).resolves.toMatchObject({
      status: 413,
      body: { error: { code: 'request_too_large' } },
    });
    await expect(call('/v1/messages', 'key1', 90 * KiB, { sent: 0, headers: anthropic }).answer).resolves.toMatchObject({
      status: 413,
      body: { type: 'error', error: { type: 'request_too_large' } },
    });
    // Within their limits: read, then refused by the (fake) routing.
    await expect(call('/v1/chat/completions', 'key2', 70 * KiB).answer).resolves.toMatchObject({ status: 404 });
    const form = Buffer.from(
      '--b\r\nContent-Disposition: form-data; name="model"\r\n\r\nwhisper-1\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="a.mp3"\r\n\r\n' +
        'a'.repeat(100 * KiB) +
        '\r\n--b--\r\n',
    );
    const upload = call('/v1/audio/transcriptions', 'key2', form.length, { content: form, headers: { 'content-type': 'multipart/form-data; boundary=b' } });
    await expect(upload.answer).resolves.toMatchObject({ status: 404 });
  });

  it('lets a funded user with a limited token through to its body', async () => {
    await expect(call('/v1/chat/completions', 'key5', 2 * KiB).answer).resolves.toMatchObject({ status: 404 });
  });
});
