import { VerificationPurpose } from '@modelgate/db';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { MAX_ATTEMPTS, VerificationCodes } from './verification-codes';

jest.setTimeout(60_000);

describe('VerificationCodes', () => {
  let database: MigratedTestDatabase;
  let codes: VerificationCodes;
  const purpose = VerificationPurpose.EmailVerification;
  const redeem = (target: string, secret: string) =>
    database.dataSource.transaction((manager) => codes.redeem(manager, purpose, target, secret));

  beforeAll(async () => {
    database = await createTestDatabase();
    codes = new VerificationCodes(database.dataSource);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('redeems a code once, for its address only', async () => {
    await codes.issue(purpose, 'a@example.com', '111111');
    expect(await redeem('b@example.com', '111111')).toEqual({ ok: false });
    expect(await redeem('a@example.com', '111111')).toEqual({ ok: true, userId: null });
    expect(await redeem('a@example.com', '111111')).toEqual({ ok: false });
  });

  it('lets exactly one of many concurrent redemptions win', async () => {
    await codes.issue(purpose, 'race@example.com', '222222', 7);
    const results = await Promise.all(Array.from({ length: 5 }, () => redeem('race@example.com', '222222')));
    expect(results.filter((result) => result.ok)).toEqual([{ ok: true, userId: 7 }]);
  });

  it('retires earlier codes when a new one is issued', async () => {
    await codes.issue(purpose, 'c@example.com', '333333');
    await codes.issue(purpose, 'c@example.com', '444444');
    expect(await redeem('c@example.com', '333333')).toEqual({ ok: false });
    expect(await redeem('c@example.com', '444444')).toMatchObject({ ok: true });
  });

  it('gives a code up after the allowed wrong guesses, counting each one', async () => {
    await codes.issue(purpose, 'd@example.com', '555555');
    for (let i = 0; i < MAX_ATTEMPTS; i++) expect(await redeem('d@example.com', '000000')).toEqual({ ok: false });
    const [row] = await database.dataSource.query(`SELECT attempts FROM verification_codes WHERE target = 'd@example.com'`);
    expect(row.attempts).toBe(MAX_ATTEMPTS);
    expect(await redeem('d@example.com', '555555')).toEqual({ ok: false });
  });

  it('reports the resend interval and the hourly cap, and forgets discarded codes', async () => {
    expect(await codes.allowance(purpose, 'e@example.com')).toEqual({ waitSeconds: 0, hourlyCapReached: false });
    const id = await codes.issue(purpose, 'e@example.com', '666666');
    const soon = await codes.allowance(purpose, 'e@example.com');
    expect(soon.waitSeconds).toBeGreaterThan(28);
    await codes.discard(id);
    expect(await codes.allowance(purpose, 'e@example.com')).toEqual({ waitSeconds: 0, hourlyCapReached: false });
    for (let i = 0; i < 10; i++) await codes.issue(purpose, 'f@example.com', `7${i}`);
    await database.dataSource.query(`UPDATE verification_codes SET created_at = now() - interval '5 minutes' WHERE target = 'f@example.com'`);
    expect(await codes.allowance(purpose, 'f@example.com')).toEqual({ waitSeconds: 0, hourlyCapReached: true });
  });
});
