import { UserEntity, VerificationPurpose } from '@modelgate/db';
import { PreconditionFailedError, ValidationError } from '@modelgate/runtime';
import { MailError } from '@modelgate/mail';
import { passwordResetMail } from '../mail/templates';
import { type AccountDeps, announceUser } from './account-deps';
import { AccountMessage } from './account-messages';
import { checkEmail, normaliseEmail } from './account-rules';
import { hashPassword, newRandomPassword, newResetToken } from '../users/secrets';
import { SECRET_TTL_MS } from './verification-codes';

const VALID_MINUTES = SECRET_TTL_MS / 60_000;

/** The console page that redeems a reset link (spec §2 `/user/reset`). */
export function resetLink(serverAddress: string, email: string, token: string): string {
  const base = serverAddress.trim().replace(/\/+$/, '');
  return `${base}/user/reset?email=${encodeURIComponent(email)}&token=${token}`;
}

/**
 * Mails a reset link to the account holding `rawEmail` (`GET /api/reset_password`). The answer
 * is the same whether or not such an account exists, and the mail leaves in the background, so
 * neither the reply nor its timing reveals registered addresses; a throttled address (30 s, ten
 * an hour) is silently skipped for the same reason. The link's token is valid 10 minutes, once.
 */
export async function sendPasswordReset(deps: AccountDeps, rawEmail: string): Promise<void> {
  const email = checkEmail(rawEmail);
  if (!deps.mailer.isConfigured()) {
    throw new PreconditionFailedError(MailError.notConfigured, { code: 'smtp_not_configured' });
  }
  const user = await deps.dataSource
    .getRepository(UserEntity)
    .findOne({ where: { email }, order: { id: 'ASC' }, select: { id: true } });
  if (!user) {
    deps.logger.info('password reset asked for an address no account holds');
    return;
  }
  const allowance = await deps.codes.allowance(VerificationPurpose.PasswordReset, email);
  if (allowance.waitSeconds > 0 || allowance.hourlyCapReached) {
    deps.logger.info({ userId: user.id }, 'password reset throttled');
    return;
  }
  const token = newResetToken();
  const id = await deps.codes.issue(VerificationPurpose.PasswordReset, email, token, user.id);
  const link = resetLink(deps.options.value('ServerAddress'), email, token);
  const mail = passwordResetMail(email, deps.options.value('SystemName'), link, VALID_MINUTES);
  void deps.mailer.send(mail).catch(async () => {
    // The mailer logged the cause; a link nobody received must not stay redeemable.
    await deps.codes.discard(id).catch(() => undefined);
  });
}

/**
 * Redeems a reset link (`POST /api/user/reset`): the token must be live and the account must
 * still hold the address. Sets a new random 12-character password and returns it (shown once),
 * revoking the system access token in the same write; the caller ends the user's sessions.
 */
export async function resetPassword(
  deps: AccountDeps,
  rawEmail: string,
  rawToken: string,
): Promise<{ userId: number; password: string }> {
  const email = normaliseEmail(rawEmail);
  const token = rawToken.trim();
  if (email === '' || token === '') throw new ValidationError(AccountMessage.invalidParameters, { code: 'invalid_parameters' });
  const password = newRandomPassword();
  const passwordHash = await hashPassword(password);
  const userId = await deps.dataSource.transaction(async (manager) => {
    const redemption = await deps.codes.redeem(manager, VerificationPurpose.PasswordReset, email, token);
    if (!redemption.ok || redemption.userId === null) return undefined;
    const [rows] = (await manager.query(
      `UPDATE users SET password = $3, access_token = NULL WHERE id = $1 AND email = $2 AND deleted_at IS NULL RETURNING id`,
      [redemption.userId, email, passwordHash],
    )) as [Array<{ id: number }>, number];
    return rows[0] ? Number(rows[0].id) : undefined;
  });
  if (userId === undefined) throw new ValidationError(AccountMessage.resetLinkInvalid, { code: 'reset_link_invalid' });
  deps.logger.info({ userId }, 'password reset');
  await announceUser(deps, userId, 'updated');
  return { userId, password };
}
