import { randomInt } from 'node:crypto';
import { BUS_REGISTRY, type ModelgateBusRegistry } from '@modelgate/contracts/bus';
import { TokenStatus, UserRole, UserStatus } from '@modelgate/db';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { createInProcessBus, createLogger, type InProcessBus } from '@modelgate/runtime';
import { authenticateRequest, type AuthenticateDeps } from './authenticate';
import { CredentialCache } from './credential-cache';

jest.setTimeout(60_000);

const logger = createLogger({ service: 'relay-auth-test', level: 'silent' });
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function newKey(): string {
  return Array.from({ length: 48 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/** Waits until `check` passes (events are delivered asynchronously). */
async function eventually(check: () => Promise<void> | void, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

describe('CredentialCache', () => {
  let database: MigratedTestDatabase;
  let bus: InProcessBus<ModelgateBusRegistry>;
  let cache: CredentialCache;
  let queries: jest.SpyInstance;
  let alice: number;
  let admin: number;
  let ghost: number;
  const keys = { alice: newKey(), admin: newKey(), deleted: newKey(), ghost: newKey() };
  const tokenIds: Record<string, number> = {};

  const addUser = async (name: string, role: number, deleted = false): Promise<number> => {
    const rows: Array<{ id: number }> = await database.dataSource.query(
      `INSERT INTO users (username, password, role, status, "group", deleted_at)
       VALUES ($1, 'x', $2, $3, 'default', $4) RETURNING id`,
      [name, role, UserStatus.Enabled, deleted ? new Date() : null],
    );
    return rows[0]!.id;
  };
  const addToken = async (userId: number, key: string, deleted = false): Promise<number> => {
    const rows: Array<{ id: number }> = await database.dataSource.query(
      `INSERT INTO tokens (user_id, key, status, remain_quota, deleted_at) VALUES ($1, $2, $3, 1000, $4) RETURNING id`,
      [userId, key, TokenStatus.Enabled, deleted ? new Date() : null],
    );
    return rows[0]!.id;
  };
  const deps = (): AuthenticateDeps => ({ credentials: cache, usableGroups: () => new Set(['default', 'vip']) });
  const auth = (key: string, model = 'gpt-4o') =>
    authenticateRequest({ authorization: `Bearer sk-${key}` }, '127.0.0.1', model, deps());

  beforeAll(async () => {
    database = await createTestDatabase();
    alice = await addUser('alice', UserRole.Common);
    admin = await addUser('admin', UserRole.Admin);
    ghost = await addUser('ghost', UserRole.Common, true);
    tokenIds.alice = await addToken(alice, keys.alice);
    tokenIds.admin = await addToken(admin, keys.admin);
    tokenIds.deleted = await addToken(alice, keys.deleted, true);
    tokenIds.ghost = await addToken(ghost, keys.ghost);
    bus = createInProcessBus({ registry: BUS_REGISTRY, logger });
    cache = new CredentialCache({ dataSource: database.dataSource, logger, negativeTtlMs: 200, refreshAfterMs: 0 });
    await cache.start(bus);
    queries = jest.spyOn(database.dataSource.logger, 'logQuery');
  });
  afterAll(async () => {
    queries?.mockRestore();
    await cache?.stop();
    await bus?.close();
    await database?.drop();
  });
  beforeEach(() => queries.mockClear());

  it('loads nothing up front, then each used token and its owner with one query', async () => {
    expect(cache.stats()).toEqual({ tokens: 0, users: 0, negative: 0 });
    await expect(auth(keys.alice)).resolves.toMatchObject({ user: { username: 'alice' } });
    expect(queries).toHaveBeenCalledTimes(1);
    await expect(auth(keys.admin)).resolves.toMatchObject({ user: { role: UserRole.Admin } });
    expect(queries).toHaveBeenCalledTimes(2);
    expect(cache.stats()).toEqual({ tokens: 2, users: 2, negative: 0 });
  });

  it('never caches deleted tokens or tokens of deleted users', async () => {
    await expect(auth(keys.deleted)).rejects.toMatchObject({ httpStatus: 401, message: '无效的令牌' });
    await expect(auth(keys.ghost)).rejects.toMatchObject({ httpStatus: 401, message: '无效的令牌' });
    expect(cache.peek(keys.deleted)).toBeUndefined();
    expect(cache.peek(keys.ghost)).toBeUndefined();
    expect(cache.stats()).toMatchObject({ tokens: 2, users: 2, negative: 2 });
  });

  it('answers steady-state requests without a single SQL query', async () => {
    for (let i = 0; i < 500; i++) {
      const result = await auth(keys.alice);
      expect(result).toMatchObject({ group: 'default', user: { id: alice } });
      await expect(cache.lookup(keys.admin)).resolves.toMatchObject({ user: { role: UserRole.Admin } });
    }
    await expect(
      authenticateRequest({ authorization: `Bearer sk-${keys.admin}-3` }, '::1', 'gpt-4o', deps()),
    ).resolves.toMatchObject({ pinnedChannelId: 3 });
    expect(queries).not.toHaveBeenCalled();
  });

  it('counts queries (the spy sees a database lookup)', async () => {
    await cache.lookup(newKey());
    expect(queries).toHaveBeenCalledTimes(1);
  });

  it('remembers an unknown key for the TTL, then asks again', async () => {
    const unknown = newKey();
    await Promise.all([cache.lookup(unknown), cache.lookup(unknown), cache.lookup(unknown)]);
    for (let i = 0; i < 100; i++) await expect(auth(unknown)).rejects.toMatchObject({ message: '无效的令牌' });
    expect(queries).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await cache.lookup(unknown);
    expect(queries).toHaveBeenCalledTimes(2);
  });

  it('never queries for malformed keys', async () => {
    await expect(authenticateRequest({ authorization: 'Bearer sk-short' }, '::1', 'm', deps())).rejects.toMatchObject({
      message: '无效的令牌',
    });
    expect(queries).not.toHaveBeenCalled();
  });

  it('finds a token created without an event once, then serves it from memory', async () => {
    const key = newKey();
    await addToken(alice, key);
    queries.mockClear();
    await expect(auth(key)).resolves.toMatchObject({ user: { id: alice } });
    const fallbackQueries = queries.mock.calls.length;
    expect(fallbackQueries).toBe(1);
    await auth(key);
    expect(queries).toHaveBeenCalledTimes(fallbackQueries);
  });

  it('a token created after its key was negatively cached works as soon as its event is applied', async () => {
    const key = newKey();
    await expect(auth(key)).rejects.toMatchObject({ message: '无效的令牌' });
    const id = await addToken(admin, key);
    await bus.publish('modelgate.evt.identity.token.changed', { tokenIds: [id], userId: admin, reason: 'created' });
    await eventually(async () => {
      await expect(auth(key)).resolves.toMatchObject({ token: { id } });
    });
  });

  it('stops a disabled token as soon as the event is applied, and re-enables it', async () => {
    await database.dataSource.query('UPDATE tokens SET status = $1 WHERE id = $2', [TokenStatus.Disabled, tokenIds.alice]);
    await expect(auth(keys.alice)).resolves.toBeDefined(); // no event yet: memory still says enabled
    await bus.publish('modelgate.evt.identity.token.changed', { tokenIds: [tokenIds.alice!], userId: alice, reason: 'status' });
    await eventually(async () => {
      await expect(auth(keys.alice)).rejects.toMatchObject({ httpStatus: 401, message: '该令牌状态不可用' });
    });
    await database.dataSource.query('UPDATE tokens SET status = $1 WHERE id = $2', [TokenStatus.Enabled, tokenIds.alice]);
    await bus.publish('modelgate.evt.identity.token.changed', { tokenIds: [tokenIds.alice!], userId: alice, reason: 'status' });
    await eventually(async () => {
      await expect(auth(keys.alice)).resolves.toBeDefined();
    });
  });

  it('stops a deleted token, and a regenerated key replaces the old one', async () => {
    const key = newKey();
    const id = await addToken(alice, key);
    await cache.applyTokenChange({ tokenIds: [id], userId: alice, reason: 'created' });
    expect(cache.peek(key)).toBeUndefined(); // an event does not load a token nobody used
    await auth(key);
    const renewed = newKey();
    await database.dataSource.query('UPDATE tokens SET key = $1 WHERE id = $2', [renewed, id]);
    await cache.applyTokenChange({ tokenIds: [id], userId: alice, reason: 'updated' });
    await expect(auth(renewed)).resolves.toMatchObject({ token: { id } });
    expect(cache.peek(key)).toBeUndefined();
    await database.dataSource.query('UPDATE tokens SET deleted_at = now() WHERE id = $1', [id]);
    await bus.publish('modelgate.evt.identity.token.changed', { tokenIds: [id], userId: alice, reason: 'deleted' });
    await eventually(async () => {
      await expect(auth(renewed)).rejects.toMatchObject({ httpStatus: 401, message: '无效的令牌' });
    });
  });

  it('an event naming no tokens reloads all of the user\'s tokens', async () => {
    await database.dataSource.query(`UPDATE tokens SET model_limits_enabled = true, model_limits = 'gpt-4' WHERE user_id = $1`, [alice]);
    await cache.applyTokenChange({ tokenIds: [], userId: alice, reason: 'bulk' });
    await expect(auth(keys.alice)).rejects.toMatchObject({ httpStatus: 403, message: '该令牌无权访问模型 gpt-4o' });
    await database.dataSource.query(`UPDATE tokens SET model_limits_enabled = false WHERE user_id = $1`, [alice]);
    await cache.applyTokenChange({ tokenIds: [], userId: alice, reason: 'bulk' });
    await expect(auth(keys.alice)).resolves.toBeDefined();
  });

  it('stops a banned user as soon as the event is applied, and lets them back in', async () => {
    await database.dataSource.query('UPDATE users SET status = $1 WHERE id = $2', [UserStatus.Disabled, alice]);
    await bus.publish('modelgate.evt.identity.user.changed', { userId: alice, reason: 'status' });
    await eventually(async () => {
      await expect(auth(keys.alice)).rejects.toMatchObject({ httpStatus: 403, message: '用户已被封禁' });
    });
    await database.dataSource.query('UPDATE users SET status = $1 WHERE id = $2', [UserStatus.Enabled, alice]);
    await cache.applyUserChange({ userId: alice, reason: 'status' });
    await expect(auth(keys.alice)).resolves.toBeDefined();
  });

  it('coalesces a burst of events into one reload', async () => {
    const burst = [tokenIds.alice!, tokenIds.admin!].flatMap((id) =>
      Array.from({ length: 10 }, () => cache.applyTokenChange({ tokenIds: [id], userId: alice, reason: 'quota' })),
    );
    burst.push(cache.applyUserChange({ userId: admin, reason: 'quota' }));
    await Promise.all(burst);
    expect(queries).toHaveBeenCalledTimes(2); // one for the tokens, one for the user
  });

  it('ignores events for tokens and users it holds nothing of', async () => {
    await cache.applyTokenChange({ tokenIds: [], userId: 999_999, reason: 'bulk' });
    await cache.applyUserChange({ userId: 999_999, reason: 'updated' });
    expect(queries).not.toHaveBeenCalled();
  });

  it('a deleted user\'s tokens stop working', async () => {
    const bob = await addUser('bob', UserRole.Common);
    const key = newKey();
    await addToken(bob, key);
    await expect(auth(key)).resolves.toMatchObject({ user: { username: 'bob' } });
    await database.dataSource.query('UPDATE users SET deleted_at = now() WHERE id = $1', [bob]);
    await cache.applyUserChange({ userId: bob, reason: 'deleted' });
    expect(cache.peek(key)).toBeUndefined();
    await expect(auth(key)).rejects.toMatchObject({ httpStatus: 401, message: '无效的令牌' });
  });

  describe('bounded by use', () => {
    let small: CredentialCache;
    const lookup = (key: string) =>
      authenticateRequest({ authorization: `Bearer sk-${key}` }, '127.0.0.1', 'gpt-4o', {
        credentials: small,
        usableGroups: () => new Set(['default']),
      });
    beforeAll(() => {
      small = new CredentialCache({ dataSource: database.dataSource, logger, maxTokens: 2, refreshAfterMs: 0 });
    });

    it('drops the least recently used token beyond the bound, its owner with its last token, and refills on use', async () => {
      const carol = await addUser('carol', UserRole.Common);
      const [a, b, c] = [newKey(), newKey(), newKey()];
      await addToken(carol, a);
      await addToken(carol, b);
      await addToken(admin, c);
      await lookup(a);
      await lookup(b);
      expect(small.peek(a)).toBeDefined(); // a is now the most recently used
      queries.mockClear();
      await expect(lookup(c)).resolves.toMatchObject({ user: { id: admin } });
      expect(queries).toHaveBeenCalledTimes(1);
      expect(small.stats()).toEqual({ tokens: 2, users: 2, negative: 0 });
      expect(small.peek(b)).toBeUndefined();
      expect(small.peek(a)).toBeDefined();
      queries.mockClear();
      await expect(lookup(b)).resolves.toMatchObject({ user: { id: carol } });
      expect(queries).toHaveBeenCalledTimes(1);
      // c was the least recently used: it went, and admin (no other token held) with it.
      expect(small.peek(c)).toBeUndefined();
      expect(small.stats()).toEqual({ tokens: 2, users: 1, negative: 0 });
      queries.mockClear();
      await lookup(a);
      await lookup(b);
      expect(queries).not.toHaveBeenCalled();
    });

    it('re-reads a token older than the refresh age in the background, answering from memory meanwhile', async () => {
      const aging = new CredentialCache({ dataSource: database.dataSource, logger, refreshAfterMs: 50 });
      const key = newKey();
      const id = await addToken(alice, key);
      await expect(aging.lookup(key)).resolves.toMatchObject({ token: { id } });
      await database.dataSource.query('UPDATE tokens SET status = $1 WHERE id = $2', [TokenStatus.Disabled, id]);
      await new Promise((resolve) => setTimeout(resolve, 60));
      // Served from memory, and the re-read is started.
      expect(aging.peek(key)?.token.status).toBe(TokenStatus.Enabled);
      await eventually(() => expect(aging.peek(key)?.token.status).toBe(TokenStatus.Disabled));
      await aging.stop();
    });
  });
});
