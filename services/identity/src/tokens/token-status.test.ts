import { PreconditionFailedError, ValidationError } from '@modelgate/runtime';
import { assertCanEnable, checkSettableStatus, statusAfterEdit } from './token-status';

const NOW = 1_800_000_000;
const EXPIRED = '令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期';
const EXHAUSTED = '令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度';

const fine = { expired_time: -1, remain_quota: 100, unlimited_quota: false };
const expired = { expired_time: NOW, remain_quota: 100, unlimited_quota: false };
const exhausted = { expired_time: -1, remain_quota: 0, unlimited_quota: false };

describe('enabling', () => {
  it('refuses an expired token, then an exhausted one, with the reference messages', () => {
    expect(() => assertCanEnable(fine, NOW)).not.toThrow();
    expect(() => assertCanEnable(expired, NOW)).toThrow(new PreconditionFailedError(EXPIRED));
    expect(() => assertCanEnable(exhausted, NOW)).toThrow(new PreconditionFailedError(EXHAUSTED));
    expect(() => assertCanEnable({ ...exhausted, expired_time: 1 }, NOW)).toThrow(EXPIRED);
    expect(() => assertCanEnable({ ...exhausted, unlimited_quota: true }, NOW)).not.toThrow();
    expect(() => assertCanEnable({ ...fine, remain_quota: -5 }, NOW)).toThrow(EXHAUSTED);
  });

  it('lets users set only 1 and 2', () => {
    expect(checkSettableStatus(1)).toBe(1);
    expect(checkSettableStatus(2)).toBe(2);
    for (const status of [0, 3, 4, -1, 99]) expect(() => checkSettableStatus(status)).toThrow(ValidationError);
  });
});

describe('status after a full edit', () => {
  it('disables on an explicit 2, whatever the token', () => {
    expect(statusAfterEdit(1, 2, expired, NOW)).toBe(2);
    expect(statusAfterEdit(3, 2, fine, NOW)).toBe(2);
  });

  it('enables on an explicit 1 only when the edited token can work', () => {
    expect(statusAfterEdit(2, 1, fine, NOW)).toBe(1);
    expect(() => statusAfterEdit(2, 1, expired, NOW)).toThrow(EXPIRED);
    expect(() => statusAfterEdit(2, 1, exhausted, NOW)).toThrow(EXHAUSTED);
    expect(() => statusAfterEdit(4, 1, exhausted, NOW)).toThrow(EXHAUSTED);
  });

  it('keeps the switch without a status, with the shown 3 or 4 sent back, or 1 on an enabled token', () => {
    expect(statusAfterEdit(1, undefined, expired, NOW)).toBe(1);
    expect(statusAfterEdit(1, 3, expired, NOW)).toBe(1);
    expect(statusAfterEdit(1, 1, exhausted, NOW)).toBe(1);
    expect(statusAfterEdit(2, undefined, fine, NOW)).toBe(2);
    expect(statusAfterEdit(2, 4, fine, NOW)).toBe(2);
  });

  it('enables a token stored as expired or exhausted once the edit removes the cause', () => {
    expect(statusAfterEdit(3, undefined, fine, NOW)).toBe(1);
    expect(statusAfterEdit(3, 3, expired, NOW)).toBe(3);
    expect(statusAfterEdit(4, 4, fine, NOW)).toBe(1);
    expect(statusAfterEdit(4, undefined, exhausted, NOW)).toBe(4);
  });

  it('refuses statuses that do not exist', () => {
    for (const status of [0, 5, -1, 1.5]) expect(() => statusAfterEdit(1, status, fine, NOW)).toThrow(ValidationError);
  });
});
