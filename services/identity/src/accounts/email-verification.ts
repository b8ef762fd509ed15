import { VerificationPurpose } from '@modelgate/db';
import { ConflictError, PreconditionFailedError, RateLimitedError, ValidationError } from '@modelgate/runtime';
import { MailError } from '@modelgate/mail';
import { addressInUseMail, verificationCodeMail } from '../mail/templates';
import { type AccountDeps, announceUser, findLiveUser } from './account-deps';
import { AccountMessage } from './account-messages';
import { checkEmail, checkEmailRestrictions } from './account-rules';
import { emailTaken } from './registration';
import { newResetToken, newVerificationCode } from '../users/secrets';
import { SECRET_TTL_MS, type VerificationCodes } from './verification-codes';

const VALID_MINUTES = SECRET_TTL_MS / 60_000;

/** Refuses a send while the address's 30-second interval or hourly cap is running. */
export async function requireSendAllowed(codes: VerificationCodes, purpose: VerificationPurpose, email: string): Promise<void> {
  const allowance = await codes.allowance(purpose, email);
  if (allowance.waitSeconds > 0) {
    throw new RateLimitedError(AccountMessage.sendTooSoon(allowance.waitSeconds), { code: 'rate_limited' });
  }
  if (allowance.hourlyCapReached) throw new RateLimitedError(AccountMessage.sendTooOften, { code: 'rate_limited' });
}

/**
 * Mails a 6-digit code proving `rawEmail` (`GET /api/verification`), for registration or
 * binding: the address must pass the administrator's restrictions. At most one code per address
 * every 30 seconds and ten an hour; a code that cannot be mailed is forgotten.
 *
 * The answer never tells whether an account holds the address (anyone may ask): for such an
 * address the same checks, throttle and mail delivery run, but the mail tells its owner that the
 * address is already registered instead of carrying a code, and what is stored in the code's
 * place is a secret nobody is given, so the throttle counts it and nothing can redeem it.
 */
export async function sendVerificationCode(deps: AccountDeps, rawEmail: string): Promise<void> {
  const email = checkEmail(rawEmail);
  checkEmailRestrictions(email, deps.options);
  if (!deps.mailer.isConfigured()) {
    throw new PreconditionFailedError(MailError.notConfigured, { code: 'smtp_not_configured' });
  }
  await requireSendAllowed(deps.codes, VerificationPurpose.EmailVerification, email);
  const systemName = deps.options.value('SystemName');
  const taken = await emailTaken(deps.dataSource, email);
  const code = taken ? newResetToken() : newVerificationCode();
  const id = await deps.codes.issue(VerificationPurpose.EmailVerification, email, code);
  try {
    await deps.mailer.send(taken ? addressInUseMail(email, systemName) : verificationCodeMail(email, systemName, code, VALID_MINUTES));
  } catch (error) {
    await deps.codes.discard(id);
    throw error;
  }
}

/**
 * Binds `rawEmail` to the signed-in user (`GET /api/oauth/email/bind`) with a code mailed by
 * {@link sendVerificationCode}. The code is redeemed in the transaction that writes the address;
 * whether another account holds the address is only said to the holder of a valid code (who owns
 * the mailbox), so binding cannot be used to find out who is registered either.
 */
export async function bindEmail(deps: AccountDeps, userId: number, rawEmail: string, rawCode: string): Promise<void> {
  if (rawEmail.trim() === '') throw new ValidationError(AccountMessage.invalidParameters, { code: 'invalid_parameters' });
  const email = checkEmail(rawEmail);
  const code = rawCode.trim();
  if (code === '') throw new ValidationError(AccountMessage.codeInvalid, { code: 'verification_code_invalid' });
  checkEmailRestrictions(email, deps.options);
  await findLiveUser(deps, userId);
  const bound = await deps.dataSource.transaction(async (manager) => {
    const redemption = await deps.codes.redeem(manager, VerificationPurpose.EmailVerification, email, code);
    if (!redemption.ok) return false;
    // Thrown, so the transaction rolls back and the code stays usable.
    if (await emailTaken(manager, email, userId)) throw new ConflictError(AccountMessage.emailTaken, { code: 'email_taken' });
    await manager.query(`UPDATE users SET email = $2 WHERE id = $1 AND deleted_at IS NULL`, [userId, email]);
    return true;
  });
  if (!bound) throw new ValidationError(AccountMessage.codeInvalid, { code: 'verification_code_invalid' });
  deps.logger.info({ userId }, 'email bound');
  await announceUser(deps, userId, 'updated');
}
