import { MAX_QUOTA } from '@modelgate/contracts';
import { DEFAULT_GROUP } from '@modelgate/db';
import { ValidationError } from '@modelgate/runtime';
import { INVALID_INPUT } from './user-admin-messages';

/** Longest username (spec §9). */
export const MAX_USERNAME_LENGTH = 12;
/** Longest display name (the reference's limit). */
export const MAX_DISPLAY_NAME_LENGTH = 20;
/** Shortest password (spec §9). */
export const MIN_PASSWORD_LENGTH = 8;
/** Longest password (spec §9: at most 20 when registering; admins are held to the same). */
export const MAX_PASSWORD_LENGTH = 20;
/** Longest group name (the `users.group` column). */
export const MAX_GROUP_LENGTH = 64;
/** Largest balance an admin may set or add, in quota units ($2 billion at the default rate). */
export { MAX_QUOTA };

/** Length in characters (code points), as a person counts them. */
function length(value: string): number {
  return [...value].length;
}

function invalid(message: string, code: string): ValidationError {
  return new ValidationError(`${INVALID_INPUT}${message}`, { code });
}

// Control characters (C0, DEL, C1) and Unicode whitespace, neither of which belongs in a name.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;
const WHITESPACE = /\s/u;

/** A valid login name: 1 to 12 characters, no whitespace or control characters. */
export function checkUsername(username: string): string {
  if (username === '') throw invalid('用户名不能为空', 'invalid_username');
  if (length(username) > MAX_USERNAME_LENGTH) {
    throw invalid(`用户名长度不能超过 ${MAX_USERNAME_LENGTH} 个字符`, 'invalid_username');
  }
  if (WHITESPACE.test(username) || CONTROL.test(username)) {
    throw invalid('用户名不能包含空白或控制字符', 'invalid_username');
  }
  return username;
}

/** A valid display name (at most 20 characters, no control characters); empty means `fallback`. */
export function checkDisplayName(displayName: string, fallback: string): string {
  if (displayName === '') return fallback;
  if (length(displayName) > MAX_DISPLAY_NAME_LENGTH) {
    throw invalid(`显示名称长度不能超过 ${MAX_DISPLAY_NAME_LENGTH} 个字符`, 'invalid_display_name');
  }
  if (CONTROL.test(displayName)) throw invalid('显示名称不能包含控制字符', 'invalid_display_name');
  return displayName;
}

/** A valid password: 8 to 20 characters (spec §5 and §9). */
export function checkPassword(password: string): string {
  if (length(password) < MIN_PASSWORD_LENGTH) {
    throw invalid(`密码长度不得小于 ${MIN_PASSWORD_LENGTH} 位`, 'invalid_password');
  }
  if (length(password) > MAX_PASSWORD_LENGTH) {
    throw invalid(`密码长度不得超过 ${MAX_PASSWORD_LENGTH} 位`, 'invalid_password');
  }
  return password;
}

/**
 * A group a user may be put in: a key of the GroupRatio option (the console asks admins to add a
 * group there first), or the default group. `groupRatio` is the option's typed value.
 */
export function checkGroup(group: string, groupRatio: Readonly<Record<string, unknown>>): string {
  if (group === '') throw invalid('分组不能为空', 'invalid_group');
  if (length(group) > MAX_GROUP_LENGTH) {
    throw invalid(`分组名称长度不能超过 ${MAX_GROUP_LENGTH} 个字符`, 'invalid_group');
  }
  if (group !== DEFAULT_GROUP && !Object.hasOwn(groupRatio, group)) {
    throw invalid(`分组 ${group} 不存在，请先在系统设置中设置它的分组倍率`, 'unknown_group');
  }
  return group;
}

/** A balance change in quota units: an integer within ±{@link MAX_QUOTA}. */
export function checkQuota(value: string, field: string): number {
  const quota = Number(value);
  if (!Number.isSafeInteger(quota) || Math.abs(quota) > MAX_QUOTA) {
    throw new ValidationError(`${INVALID_INPUT}${field} 必须是绝对值不超过 ${MAX_QUOTA} 的整数`, {
      code: 'quota_change_out_of_range',
      details: { max: MAX_QUOTA },
    });
  }
  return quota;
}

/** A balance as set by an admin: an integer from 0 to {@link MAX_QUOTA}. */
export function checkBalance(value: string): number {
  const quota = Number(value);
  if (!Number.isSafeInteger(quota) || quota < 0 || quota > MAX_QUOTA) {
    throw new ValidationError(`${INVALID_INPUT}quota 必须是 0 到 ${MAX_QUOTA} 之间的整数`, { code: 'balance_out_of_range', details: { max: MAX_QUOTA } });
  }
  return quota;
}

/** Largest user id (`users.id` is a PostgreSQL `integer`). */
export const MAX_USER_ID = 2_147_483_647;

/** A user id from an int64 field (a decimal string on the wire); throws `error()` otherwise. */
export function positiveId(value: string, error: () => Error): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0 || id > MAX_USER_ID) throw error();
  return id;
}
