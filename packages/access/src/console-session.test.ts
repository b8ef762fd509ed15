import { createHash } from 'node:crypto';
import { AuthenticationError, PermissionDeniedError } from '@modelgate/runtime';
import {
  checkClaimedUser,
  checkUserEnabled,
  claimedUserIdOf,
  ConsoleAuthMessage,
  isSessionToken,
  readCookie,
  sessionIdOf,
} from './console-session';

describe('console session', () => {
  it('stores a token as its SHA-256 and knows the token shape', () => {
    const token = 'a'.repeat(43);
    expect(sessionIdOf(token)).toBe(createHash('sha256').update(token).digest('hex'));
    expect(sessionIdOf(token)).not.toBe(sessionIdOf('b'.repeat(43)));
    expect(isSessionToken('Ab0_-'.padEnd(43, 'x'))).toBe(true);
    expect(isSessionToken('a'.repeat(42))).toBe(false);
    expect(isSessionToken('a'.repeat(44))).toBe(false);
    expect(isSessionToken(`${'a'.repeat(42)}=`)).toBe(false);
  });

  it('reads one cookie out of a Cookie header', () => {
    expect(readCookie('theme=dark; session=abc; other=1', 'session')).toBe('abc');
    expect(readCookie('session=first; session=second', 'session')).toBe('first');
    expect(readCookie('session="quoted"', 'session')).toBe('quoted');
    expect(readCookie('session=a%20b', 'session')).toBe('a b');
    expect(readCookie('session=%E0%A4%A', 'session')).toBe('%E0%A4%A');
    expect(readCookie('xsession=abc; sessionx=def', 'session')).toBeUndefined();
    expect(readCookie('garbage', 'session')).toBeUndefined();
    expect(readCookie(undefined, 'session')).toBeUndefined();
  });

  it('reads the claimed user id, refusing a missing or malformed header with the reference messages', () => {
    expect(claimedUserIdOf('42')).toBe(42);
    expect(claimedUserIdOf(['7', '8'])).toBe(7);
    expect(() => claimedUserIdOf(undefined)).toThrow(new AuthenticationError(ConsoleAuthMessage.missingUserHeader));
    expect(() => claimedUserIdOf('')).toThrow(ConsoleAuthMessage.missingUserHeader);
    for (const bad of ['abc', '-1', '1.5', ' 1', '1234567890123456']) {
      expect(() => claimedUserIdOf(bad)).toThrow(ConsoleAuthMessage.malformedUserHeader);
    }
  });

  it('refuses another user (401) and a disabled one (403)', () => {
    expect(() => checkClaimedUser(3, 3)).not.toThrow();
    expect(() => checkClaimedUser(3, 4)).toThrow(AuthenticationError);
    expect(() => checkClaimedUser(3, 4)).toThrow(ConsoleAuthMessage.mismatchedUserHeader);
    expect(() => checkUserEnabled(1)).not.toThrow();
    expect(() => checkUserEnabled(2)).toThrow(PermissionDeniedError);
    try {
      checkUserEnabled(2);
    } catch (error) {
      expect(error).toMatchObject({ code: 'user_banned', httpStatus: 403, message: ConsoleAuthMessage.banned });
    }
  });
});
