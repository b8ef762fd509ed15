import { UnavailableError, ValidationError } from '@modelgate/runtime';
import { isDatabaseConnectionFailure, unavailableOnLostDatabase } from './database-unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('a lost billing database connection', () => {
  it('is told apart from a failed statement', () => {
    expect(isDatabaseConnectionFailure(withCode('read ECONNRESET', 'ECONNRESET'))).toBe(true);
    expect(isDatabaseConnectionFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseConnectionFailure(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDatabaseConnectionFailure(withCode('connection failure', '08006'))).toBe(true);
    // typeorm's QueryFailedError keeps the driver's error as driverError.
    expect(isDatabaseConnectionFailure(Object.assign(new Error('read ECONNRESET'), { driverError: withCode('read ECONNRESET', 'ECONNRESET') }))).toBe(true);
    expect(isDatabaseConnectionFailure(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isDatabaseConnectionFailure(withCode('canceling statement due to statement timeout', '57014'))).toBe(false);
    expect(isDatabaseConnectionFailure('ECONNRESET')).toBe(false);
  });

  it('becomes a 503 database_unavailable; other failures pass through unchanged', async () => {
    const lost = withCode('read ECONNRESET', 'ECONNRESET');
    const error = await unavailableOnLostDatabase(() => Promise.reject(lost)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnavailableError);
    expect(error).toMatchObject({ code: 'database_unavailable', cause: lost });

    const refused = new ValidationError('amount must be a non-negative integer');
    await expect(unavailableOnLostDatabase(() => Promise.reject(refused))).rejects.toBe(refused);
    await expect(unavailableOnLostDatabase(() => Promise.resolve(7))).resolves.toBe(7);
  });
});
