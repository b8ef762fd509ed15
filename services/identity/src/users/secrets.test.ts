import {
  hashPassword,
  newAccessToken,
  newAffCode,
  newRandomPassword,
  newResetToken,
  newVerificationCode,
  passwordMatches,
  sameDigest,
  secretHash,
} from './secrets';

describe('account secrets', () => {
  it('generates each secret in its format', () => {
    expect(newVerificationCode()).toMatch(/^\d{6}$/);
    expect(newResetToken()).toMatch(/^[0-9a-f]{32}$/);
    expect(newRandomPassword()).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(newAccessToken()).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(newAffCode()).toMatch(/^[A-Za-z0-9]{4}$/);
    expect(new Set(Array.from({ length: 50 }, newAccessToken)).size).toBe(50);
  });

  it('hashes a secret together with its purpose and address', () => {
    const digest = secretHash('email_verification', 'a@b.co', '123456');
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(sameDigest(digest, secretHash('email_verification', 'a@b.co', '123456'))).toBe(true);
    expect(sameDigest(digest, secretHash('email_verification', 'c@d.co', '123456'))).toBe(false);
    expect(sameDigest(digest, secretHash('password_reset', 'a@b.co', '123456'))).toBe(false);
    expect(sameDigest(digest, '')).toBe(false);
  });

  it('checks passwords against bcrypt hashes, and fails (slowly) without one', async () => {
    const stored = await hashPassword('password-1');
    expect(stored).toMatch(/^\$2[aby]\$10\$/);
    expect(await passwordMatches('password-1', stored)).toBe(true);
    expect(await passwordMatches('password-2', stored)).toBe(false);
    expect(await passwordMatches('password-1', undefined)).toBe(false);
    expect(await passwordMatches('password-1', 'not-a-hash')).toBe(false);
  });
});
