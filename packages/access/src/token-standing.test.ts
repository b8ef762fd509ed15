import { TokenStatus } from '@modelgate/db';
import { shownTokenStatus as shownStatus } from './token-standing';

const NOW = 1_800_000_000;

const fine = { expired_time: -1, remain_quota: 100, unlimited_quota: false };
const expired = { expired_time: NOW, remain_quota: 100, unlimited_quota: false };
const exhausted = { expired_time: -1, remain_quota: 0, unlimited_quota: false };

describe('shown status', () => {
  it('shows an enabled token that cannot work as expired or exhausted', () => {
    expect(shownStatus({ status: 1, ...fine }, NOW)).toBe(TokenStatus.Enabled);
    expect(shownStatus({ status: 1, ...expired }, NOW)).toBe(TokenStatus.Expired);
    expect(shownStatus({ status: 1, ...exhausted }, NOW)).toBe(TokenStatus.Exhausted);
    expect(shownStatus({ status: 1, ...exhausted, expired_time: NOW - 1 }, NOW)).toBe(TokenStatus.Expired);
    expect(shownStatus({ status: 1, ...exhausted, unlimited_quota: true }, NOW)).toBe(TokenStatus.Enabled);
    expect(shownStatus({ status: 1, ...fine, expired_time: NOW + 1 }, NOW)).toBe(TokenStatus.Enabled);
  });

  it('shows any other status as stored', () => {
    expect(shownStatus({ status: 2, ...expired }, NOW)).toBe(TokenStatus.Disabled);
    expect(shownStatus({ status: 3, ...fine }, NOW)).toBe(TokenStatus.Expired);
  });
});
