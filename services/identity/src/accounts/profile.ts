import { UserEntity, UserRole } from '@modelgate/db';
import { ConflictError, NotFoundError, PermissionDeniedError, ValidationError } from '@modelgate/runtime';
import { type AccountDeps, announceUser, findLiveUser, retryOnCollision, violatedUniqueConstraint } from './account-deps';
import { AccountMessage } from './account-messages';
import { checkDisplayName, checkNewPassword, checkUsername } from './account-rules';
import { usernameTaken } from './registration';
import { hashPassword, newAccessToken, newAffCode, passwordMatches } from '../users/secrets';

/** Random values tried before giving up on a collision (none is expected). */
const COLLISION_ATTEMPTS = 8;

/** The `PUT /api/user/self` body; an empty field is left unchanged (the reference's semantics). */
export interface ProfileChange {
  username: string;
  display_name: string;
  password: string;
  /** The current password: required to change the username or the password, checked whenever given. */
  original_password: string;
}

/** Whether a stored password hash exists (accounts signed up through a third party have none). */
function hasPassword(user: UserEntity): boolean {
  return user.password.startsWith('$2');
}

/**
 * Changes the user's own username, display name or password. A new username or password needs
 * the current password (an access token or a session alone is not enough to take the account
 * over), except for an account that has none yet, which may set its first one; a given current
 * password is checked whatever else changes. Values are validated first, the current password
 * next, and only then is a new username looked up, so nobody learns which names are taken
 * without it. A new password revokes the system access token in the same write; the caller ends
 * the user's other sessions. Returns whether the password changed.
 */
export async function updateProfile(deps: AccountDeps, userId: number, change: ProfileChange): Promise<boolean> {
  const user = await findLiveUser(deps, userId);
  const columns: Partial<Pick<UserEntity, 'username' | 'display_name' | 'password' | 'access_token'>> = {};
  const username = change.username === '' ? user.username : checkUsername(change.username);
  const displayName = checkDisplayName(change.display_name);
  if (change.password !== '') checkNewPassword(change.password);
  const sensitive = username !== user.username || change.password !== '';
  if (change.original_password !== '' || (sensitive && hasPassword(user))) {
    // Checked against a dummy hash when the account has none, so the answer takes as long.
    if (!(await passwordMatches(change.original_password, user.password))) {
      throw new ValidationError(AccountMessage.originalPasswordWrong, { code: 'original_password_wrong' });
    }
  }
  if (username !== user.username) {
    if (await usernameTaken(deps, username, userId)) {
      throw new ConflictError(AccountMessage.usernameTaken, { code: 'username_taken' });
    }
    columns.username = username;
  }
  if (displayName !== '' && displayName !== user.display_name) columns.display_name = displayName;
  if (change.password !== '') {
    columns.password = await hashPassword(change.password);
    // Whoever held the token held it under the old password.
    columns.access_token = null;
  }
  if (Object.keys(columns).length === 0) return false;
  try {
    await deps.dataSource.getRepository(UserEntity).update({ id: userId }, columns);
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'uq_users_username') {
      throw new ConflictError(AccountMessage.usernameTaken, { code: 'username_taken', cause: error });
    }
    throw error;
  }
  deps.logger.info({ userId, changed: Object.keys(columns) }, 'profile updated');
  await announceUser(deps, userId, 'updated');
  return columns.password !== undefined;
}

/** Soft-deletes the user's own account (its username stays reserved); the super admin cannot. */
export async function deleteOwnAccount(deps: AccountDeps, userId: number): Promise<void> {
  const user = await findLiveUser(deps, userId);
  if (user.role >= UserRole.Root) {
    throw new PermissionDeniedError(AccountMessage.cannotDeleteRoot, { code: 'cannot_delete_root' });
  }
  await deps.dataSource.getRepository(UserEntity).softDelete({ id: userId });
  deps.logger.info({ userId }, 'user deleted their account');
  await announceUser(deps, userId, 'deleted');
}

/** Replaces the user's system access token with a new random one and returns it. */
export async function regenerateAccessToken(deps: AccountDeps, userId: number): Promise<string> {
  return retryOnCollision('uq_users_access_token', COLLISION_ATTEMPTS, async () => {
    const token = newAccessToken();
    const [, affected] = (await deps.dataSource.query(
      `UPDATE users SET access_token = $2 WHERE id = $1 AND deleted_at IS NULL`,
      [userId, token],
    )) as [unknown, number];
    if (affected === 0) throw new NotFoundError(AccountMessage.userNotFound, { code: 'user_not_found' });
    return token;
  });
}

/** The user's invitation code, created (4 random letters and digits) when the user has none. */
export async function ensureAffCode(deps: AccountDeps, userId: number): Promise<string> {
  const user = await findLiveUser(deps, userId);
  if (user.aff_code) return user.aff_code;
  const created = await retryOnCollision('uq_users_aff_code', COLLISION_ATTEMPTS, async () => {
    const [rows] = (await deps.dataSource.query(
      `UPDATE users SET aff_code = $2 WHERE id = $1 AND (aff_code IS NULL OR aff_code = '') RETURNING aff_code`,
      [userId, newAffCode()],
    )) as [Array<{ aff_code: string }>, number];
    return rows[0]?.aff_code;
  });
  // Undefined when a concurrent request created it first: that one is the code.
  return created ?? (await findLiveUser(deps, userId)).aff_code ?? '';
}
