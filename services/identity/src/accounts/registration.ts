import { DEFAULT_GROUP, UserEntity, UserRole, UserStatus, VerificationPurpose } from '@modelgate/db';
import { ConflictError, PreconditionFailedError, ValidationError } from '@modelgate/runtime';
import type { DataSource, EntityManager } from 'typeorm';
import { type AccountDeps, announceUser, retryOnCollision, violatedUniqueConstraint } from './account-deps';
import { AccountMessage } from './account-messages';
import {
  checkEmail,
  checkEmailRestrictions,
  checkNewPassword,
  checkUsername,
  optionEnabled,
} from './account-rules';
import { hashPassword, newAffCode } from '../users/secrets';
import { creditSignUpGifts } from '../users/sign-up-gifts';

/** The registration form (the `RegisterRequest` message). */
export interface RegistrationForm {
  username: string;
  password: string;
  /** The password typed again; checked when non-empty. */
  password2: string;
  email: string;
  verification_code: string;
  /** The inviter's invitation code. */
  aff_code: string;
}

/** Fresh invitation codes tried before registration gives up (62^4 codes: collisions are rare). */
const AFF_CODE_ATTEMPTS = 8;
/** Longest invitation code looked up (the column's width). */
const MAX_AFF_CODE_LENGTH = 32;

/** True when a user (deleted ones included: their names stay reserved) has `username`. */
export async function usernameTaken(deps: Pick<AccountDeps, 'dataSource'>, username: string, exceptId = 0): Promise<boolean> {
  const rows: unknown[] = await deps.dataSource.query(`SELECT 1 FROM users WHERE username = $1 AND id <> $2 LIMIT 1`, [
    username,
    exceptId,
  ]);
  return rows.length > 0;
}

/**
 * True when a user (deleted ones included) other than `exceptId` has the address `email`. Asked
 * on `db`: the data source, or the entity manager of the transaction the caller is in.
 */
export async function emailTaken(db: Pick<DataSource | EntityManager, 'query'>, email: string, exceptId = 0): Promise<boolean> {
  const rows: unknown[] = await db.query(`SELECT 1 FROM users WHERE email = $1 AND id <> $2 LIMIT 1`, [
    email,
    exceptId,
  ]);
  return rows.length > 0;
}

async function findInviter(deps: AccountDeps, rawCode: string): Promise<number> {
  const code = rawCode.trim();
  if (code === '' || code.length > MAX_AFF_CODE_LENGTH) return 0;
  const rows: Array<{ id: number }> = await deps.dataSource.query(
    `SELECT id FROM users WHERE aff_code = $1 AND deleted_at IS NULL`,
    [code],
  );
  return rows[0] ? Number(rows[0].id) : 0;
}

/**
 * Registers a common user with a password (`POST /api/user/register`). Checks, in the
 * reference's order: registration switches, username and password rules, the email code when
 * verification is on (with the administrator's address restrictions), and that the username and
 * address are free (the address once the code is proven). The code is redeemed in the same transaction that inserts the user, so a
 * failed insert leaves it usable. Balances are billing's: the new-user gift, the invitee's gift
 * and the inviter's reward are credited through it once the user exists.
 */
export async function register(deps: AccountDeps, request: RegistrationForm): Promise<number> {
  const { options } = deps;
  if (!optionEnabled(options, 'RegisterEnabled')) {
    throw new PreconditionFailedError(AccountMessage.registerDisabled, { code: 'register_disabled' });
  }
  if (!optionEnabled(options, 'PasswordRegisterEnabled')) {
    throw new PreconditionFailedError(AccountMessage.passwordRegisterDisabled, { code: 'password_register_disabled' });
  }
  const username = checkUsername(request.username);
  checkNewPassword(request.password);
  if (request.password2 !== '' && request.password2 !== request.password) {
    throw new ValidationError(AccountMessage.passwordsDiffer, { code: 'passwords_differ' });
  }
  const verifyEmail = optionEnabled(options, 'EmailVerificationEnabled');
  const code = request.verification_code.trim();
  let email = '';
  if (verifyEmail) {
    if (request.email.trim() === '' || code === '') {
      throw new ValidationError(AccountMessage.emailVerificationRequired, { code: 'email_verification_required' });
    }
    email = checkEmail(request.email);
    checkEmailRestrictions(email, options);
  }
  if (await usernameTaken(deps, username)) throw new ConflictError(AccountMessage.usernameTaken, { code: 'username_taken' });

  const inviterId = await findInviter(deps, request.aff_code);
  const password = await hashPassword(request.password);
  const userId = await retryOnCollision('uq_users_aff_code', AFF_CODE_ATTEMPTS, () =>
    deps.dataSource.transaction(async (manager) => {
      if (verifyEmail) {
        const redemption = await deps.codes.redeem(manager, VerificationPurpose.EmailVerification, email, code);
        if (!redemption.ok) return undefined;
        // Only the holder of a valid code learns that the address is taken (anyone may try to
        // register); thrown, so the transaction rolls back and the code stays usable.
        if (await emailTaken(manager, email)) throw new ConflictError(AccountMessage.emailTaken, { code: 'email_taken' });
      }
      const inserted = await manager.insert(UserEntity, {
        username,
        password,
        display_name: username,
        role: UserRole.Common,
        status: UserStatus.Enabled,
        email,
        group: DEFAULT_GROUP,
        aff_code: newAffCode(),
        inviter_id: inviterId,
      });
      return Number(inserted.identifiers[0]!.id);
    }),
  ).catch((error: unknown) => {
    if (violatedUniqueConstraint(error) === 'uq_users_username') {
      throw new ConflictError(AccountMessage.usernameTaken, { code: 'username_taken', cause: error });
    }
    throw error;
  });
  if (userId === undefined) throw new ValidationError(AccountMessage.codeInvalid, { code: 'verification_code_invalid' });

  deps.logger.info({ userId, username, inviterId }, 'user registered');
  await creditSignUpGifts(deps, userId, inviterId);
  await announceUser(deps, userId, 'created');
  return userId;
}
