import { decideAdmission } from '@modelgate/pricing';
import { QuotaExceededError } from '@modelgate/runtime';
import type { CredentialToken, CredentialUser } from '../auth';

/**
 * Refuses, before its body is read, a call admission would refuse whatever it costs: an owner
 * whose cached balance is zero or negative (403 `insufficient_user_quota`, `user quota is not
 * enough`), or a limited token below zero — the same decision, message and code as
 * {@link decideAdmission} gives with nothing priced yet. A self-registered account without
 * balance thus cannot make the relay read and parse its bodies. `token` is absent for the
 * playground (the user's balance alone).
 */
export function checkBalanceBeforeBody(user: CredentialUser, token: CredentialToken | undefined): void {
  if (user.quota > 0 && (token === undefined || token.unlimited_quota || token.remain_quota >= 0)) return;
  const decision = decideAdmission({
    estimate: 0,
    userQuota: user.quota,
    token: token ? { unlimited: token.unlimited_quota, remainQuota: token.remain_quota } : null,
  });
  if (!decision.admit) throw new QuotaExceededError(decision.message, { code: decision.code });
}
