import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { isAppError } from '@modelgate/runtime';
import { LoginBackoff } from './login-backoff';

jest.setTimeout(60_000);

describe('the per-account sign-in backoff', () => {
  let database: MigratedTestDatabase;
  let now: number;
  let backoff: LoginBackoff;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(async () => {
    await database.dataSource.query('DELETE FROM login_failures');
    now = 1_800_000_000_000;
    backoff = new LoginBackoff(database.dataSource, { now: () => now });
  });

  const attempts = async (name: string, count: number) => {
    const outcomes = [];
    for (let i = 0; i < count; i++) outcomes.push(await backoff.claim(name));
    return outcomes;
  };

  it('allows five attempts, then waits 30 s, 1 min, 2 min … at most 15 min between two more', async () => {
    expect(await attempts('frank', 5)).toEqual(Array(5).fill({ allowed: true }));
    expect(await backoff.claim('frank')).toEqual({ allowed: false, retryAfterSeconds: 30 });
    now += 10_000;
    expect(await backoff.claim('frank')).toEqual({ allowed: false, retryAfterSeconds: 20 });
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const refused = await backoff.claim('frank');
      if (refused.allowed) throw new Error('a locked name was let through');
      now += refused.retryAfterSeconds * 1000;
      expect(await backoff.claim('frank')).toEqual({ allowed: true });
      const next = await backoff.claim('frank');
      waits.push(next.allowed ? 0 : next.retryAfterSeconds);
    }
    expect(waits).toEqual([60, 120, 240, 480, 900, 900, 900, 900]);
  });

  it('is keyed by the name as typed, whether or not an account has it: other names are unaffected', async () => {
    await attempts('nobody-has-this-name', 5);
    expect((await backoff.claim('nobody-has-this-name')).allowed).toBe(false);
    expect((await backoff.claim('frank')).allowed).toBe(true);
    // An address is one name however it is typed.
    await attempts('Frank@Example.com', 5);
    expect((await backoff.claim(' frank@example.com ')).allowed).toBe(false);
    // Names are stored hashed: a password typed into the name field is not kept.
    const rows = await database.dataSource.query('SELECT account FROM login_failures');
    for (const row of rows) expect(row.account).toMatch(/^[0-9a-f]{64}$/);
  });

  it('counts parallel attempts exactly: a burst gets the free attempts and no more', async () => {
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => backoff.claim('burst')));
    expect(outcomes.filter((outcome) => outcome.allowed)).toHaveLength(5);
  });

  it('forgets the count after a successful sign-in, or a day after the last attempt', async () => {
    await attempts('grace', 4);
    await backoff.succeeded('grace');
    expect(await attempts('grace', 5)).toEqual(Array(5).fill({ allowed: true }));
    expect((await backoff.claim('grace')).allowed).toBe(false);
    now += 24 * 60 * 60_000 + 1;
    expect(await attempts('grace', 5)).toEqual(Array(5).fill({ allowed: true }));
    now += 24 * 60 * 60_000 + 1;
    expect(await backoff.purgeExpired()).toBe(1);
  });

  it('refuses a locked name with a 429 that names the wait', async () => {
    await attempts('henry', 5);
    const error = await backoff.admit('henry').catch((thrown: unknown) => thrown);
    expect(isAppError(error) && [error.httpStatus, error.code, error.message]).toEqual([
      429,
      'rate_limited',
      '该账户登录失败次数过多，请 30 秒后再试',
    ]);
  });
});
