import { ROOT_USER, UserEntity, UserRole, UserStatus } from '@modelgate/db';
import { PermissionDeniedError, PreconditionFailedError, ValidationError } from '@modelgate/runtime';
import type { AccountDeps } from './account-deps';
import { AccountMessage } from './account-messages';
import { MAX_EMAIL_LENGTH, normaliseEmail, optionEnabled } from './account-rules';
import { passwordMatches } from '../users/secrets';

/** Longest password compared at all (bcrypt reads 72 bytes; longer input is noise or abuse). */
const MAX_LOGIN_PASSWORD_LENGTH = 128;

/** A successful sign-in. */
export interface SignedIn {
  user: UserEntity;
  /** The super admin still uses the well-known first-start password (`123456`). */
  defaultPassword: boolean;
}

/**
 * The account a login name designates. A name with `@` is first taken as an address (so nobody
 * can shadow another user's email sign-in by choosing that address as a username), then as a
 * username; any other name only as a username. Deleted users are never found.
 */
async function findByLoginName(deps: Pick<AccountDeps, 'dataSource'>, name: string): Promise<UserEntity | null> {
  const users = deps.dataSource.getRepository(UserEntity);
  if (name.includes('@')) {
    const byEmail = await users.findOne({ where: { email: normaliseEmail(name) }, order: { id: 'ASC' } });
    if (byEmail) return byEmail;
  }
  return users.findOne({ where: { username: name } });
}

/**
 * Checks a username (or bound email) and password (`POST /api/user/login`). Wrong credentials
 * get one message whether the name or the password was wrong, and take as long either way; a
 * banned user learns of the ban only after giving the right password.
 *
 * Every attempt is counted against the name before anything is looked up (`LoginBackoff`):
 * after a few failures the name must wait, doubling each time, whether or not an account has it,
 * so the backoff reveals nothing either; a successful sign-in clears the count.
 */
export async function signIn(deps: AccountDeps, rawName: string, password: string): Promise<SignedIn> {
  if (!optionEnabled(deps.options, 'PasswordLoginEnabled')) {
    throw new PreconditionFailedError(AccountMessage.passwordLoginDisabled, { code: 'password_login_disabled' });
  }
  const name = rawName.trim();
  if (name === '' || password === '') throw new ValidationError(AccountMessage.invalidParameters, { code: 'invalid_parameters' });
  await deps.loginBackoff.admit(name);
  const plausible = name.length <= MAX_EMAIL_LENGTH && password.length <= MAX_LOGIN_PASSWORD_LENGTH;
  const user = plausible ? await findByLoginName(deps, name) : null;
  const matches = await passwordMatches(plausible ? password : '', user?.password);
  if (!user || !matches) throw new ValidationError(AccountMessage.wrongCredentials, { code: 'wrong_credentials' });
  await deps.loginBackoff.succeeded(name);
  if (user.status !== UserStatus.Enabled) throw new PermissionDeniedError(AccountMessage.banned, { code: 'user_banned' });
  return { user, defaultPassword: user.role >= UserRole.Root && password === ROOT_USER.password };
}
