import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { compare, hash } from 'bcryptjs';

/** bcrypt cost of stored passwords (the reference's default, as the seeded root's). */
export const BCRYPT_COST = 10;

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const DIGITS = '0123456789';
const HEX = '0123456789abcdef';

/** `length` characters drawn uniformly from `alphabet` with a cryptographic generator. */
export function randomString(length: number, alphabet: string = ALPHANUMERIC): string {
  let value = '';
  for (let i = 0; i < length; i++) value += alphabet[randomInt(alphabet.length)];
  return value;
}

/** A 6-digit email verification code (easy to type from a phone). */
export const newVerificationCode = (): string => randomString(6, DIGITS);
/** A password-reset token: 32 hex characters, as in the reference's links. */
export const newResetToken = (): string => randomString(32, HEX);
/** A random password handed out by a reset: 12 letters and digits. */
export const newRandomPassword = (): string => randomString(12);
/** A system access token: 32 letters and digits (about 190 bits). */
export const newAccessToken = (): string => randomString(32);
/** An invitation code: 4 letters and digits, as the reference generates. */
export const newAffCode = (): string => randomString(4);

/** bcrypt hash of a password. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, BCRYPT_COST);
}

let dummyHash: Promise<string> | undefined;

/**
 * Whether `password` matches `stored`. Without a stored hash (no such user) a dummy hash is
 * compared anyway, so the answer takes as long and does not reveal which usernames exist.
 */
export async function passwordMatches(password: string, stored: string | undefined): Promise<boolean> {
  if (stored === undefined || !stored.startsWith('$2')) {
    dummyHash ??= hash('modelgate-no-such-user', BCRYPT_COST);
    await compare(password, await dummyHash);
    return false;
  }
  return compare(password, stored);
}

/**
 * The stored form of a one-time secret (code or token): a SHA-256 over purpose, address and
 * secret, so a leaked table reveals no usable secret and a code only verifies for its address.
 */
export function secretHash(purpose: string, target: string, secret: string): string {
  return createHash('sha256').update(`${purpose}\n${target}\n${secret}`).digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
