import { decideAdmission, type AdmissionDecision, type AdmissionInput } from './admission';

const limited = (remainQuota: number) => ({ unlimited: false, remainQuota });
const unlimited = { unlimited: true, remainQuota: 0 };

describe('decideAdmission (reference §3.2)', () => {
  it.each<[string, AdmissionInput, AdmissionDecision]>([
    [
      'a user without balance',
      { estimate: 10, userQuota: 0, token: unlimited },
      { admit: false, status: 403, code: 'insufficient_user_quota', message: 'user quota is not enough' },
    ],
    [
      'a negative balance',
      { estimate: 0, userQuota: -5, token: unlimited },
      { admit: false, status: 403, code: 'insufficient_user_quota', message: 'user quota is not enough' },
    ],
    [
      'a balance below the estimate (100 − 101 < 0)',
      { estimate: 101, userQuota: 100, token: unlimited },
      {
        admit: false,
        status: 403,
        code: 'insufficient_user_quota',
        message: 'chat pre-consumed quota failed, user quota: 100, need quota: 101',
      },
    ],
    [
      'a limited token below the estimate',
      { estimate: 101, userQuota: 101, token: limited(100) },
      {
        admit: false,
        status: 403,
        code: 'pre_consume_token_quota_failed',
        message: 'token quota is not enough, token remain quota: 100, need quota: 101',
      },
    ],
    ['a balance exactly the estimate', { estimate: 101, userQuota: 101, token: limited(101) }, { admit: true, reserve: 101, trusted: false }],
    ['an unlimited token', { estimate: 101, userQuota: 101, token: unlimited }, { admit: true, reserve: 101, trusted: false }],
    ['the playground (no token)', { estimate: 101, userQuota: 101, token: null }, { admit: true, reserve: 101, trusted: false }],
    ['a free request', { estimate: 0, userQuota: 1, token: limited(0) }, { admit: true, reserve: 0, trusted: false }],
    // the trust rule is off by default: a balance of 10^9 still reserves the estimate
    ['a rich user without the trust rule', { estimate: 10, userQuota: 1e9, token: unlimited }, { admit: true, reserve: 10, trusted: false }],
    // trust 100: 1001 > 100 × 10 = 1000 → nothing reserved
    ['trust: rich user, unlimited token', { estimate: 10, userQuota: 1001, token: unlimited, trustMultiplier: 100 }, { admit: true, reserve: 0, trusted: true }],
    ['trust: rich user, rich token (1001 > 1000)', { estimate: 10, userQuota: 1001, token: limited(1001), trustMultiplier: 100 }, { admit: true, reserve: 0, trusted: true }],
    ['trust: rich user, playground', { estimate: 10, userQuota: 1001, token: null, trustMultiplier: 100 }, { admit: true, reserve: 0, trusted: true }],
    // 1000 is not > 1000: reserve
    ['trust: user balance exactly 100×', { estimate: 10, userQuota: 1000, token: unlimited, trustMultiplier: 100 }, { admit: true, reserve: 10, trusted: false }],
    ['trust: token balance exactly 100×', { estimate: 10, userQuota: 1001, token: limited(1000), trustMultiplier: 100 }, { admit: true, reserve: 10, trusted: false }],
    [
      'trust: rich user, token below the estimate',
      { estimate: 10, userQuota: 1001, token: limited(5), trustMultiplier: 100 },
      {
        admit: false,
        status: 403,
        code: 'pre_consume_token_quota_failed',
        message: 'token quota is not enough, token remain quota: 5, need quota: 10',
      },
    ],
  ])('%s', (_, input, expected) => {
    expect(decideAdmission(input)).toEqual(expected);
  });
});
