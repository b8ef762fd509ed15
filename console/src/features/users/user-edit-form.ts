import { MAX_QUOTA } from '@modelgate/contracts/api-bounds';
import type { FieldErrors } from '../../common/forms/field-spec';
import i18n from '../../i18n';
import type { ManagedUser, UserChanges } from './users-api';

/** The user editor's values as typed (spec §2 "User management", reference §8.3). */
export type UserEditValues = {
  username: string;
  display_name: string;
  /** Empty keeps the current password. */
  password: string;
  group: string;
  /** The balance in quota units, as typed. */
  quota: string;
};

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_DISPLAY_NAME_LENGTH = 20;
/** Largest balance the server accepts (either sign for an amount added). */
export const MAX_ABS_QUOTA = MAX_QUOTA;

export function userEditValues(user: ManagedUser): UserEditValues {
  return {
    username: user.username,
    display_name: user.display_name,
    password: '',
    group: user.group,
    quota: String(user.quota),
  };
}

/** A whole number (negative allowed: an amount to add) within the server's range, or null. */
export function parseQuota(text: string): number | null {
  const trimmed = text.trim();
  if (!/^-?\d{1,16}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Math.abs(value) <= MAX_ABS_QUOTA ? value : null;
}

/** A balance: a whole number from 0 to the server's largest, or null. */
export function parseBalance(text: string): number | null {
  const value = parseQuota(text);
  return value !== null && value >= 0 ? value : null;
}

export function validateUserEdit(values: UserEditValues): FieldErrors<UserEditValues> {
  const errors: FieldErrors<UserEditValues> = {};
  if (!values.username.trim()) errors.username = i18n.t('user:validation.usernameRequired');
  if (values.password && values.password.length < MIN_PASSWORD_LENGTH) {
    errors.password = i18n.t('user:validation.passwordTooShort', { min: MIN_PASSWORD_LENGTH });
  }
  if (Array.from(values.display_name.trim()).length > MAX_DISPLAY_NAME_LENGTH) {
    errors.display_name = i18n.t('user:validation.displayNameTooLong', { max: MAX_DISPLAY_NAME_LENGTH });
  }
  if (parseBalance(values.quota) === null) errors.quota = i18n.t('user:validation.balanceRange', { max: MAX_QUOTA });
  return errors;
}

/**
 * The `PUT /api/user/` body; call after `validateUserEdit` found nothing. The password is sent
 * only when one was typed and the balance (an integer) only when it was changed, so a balance
 * spent while the editor was open is not overwritten.
 */
export function userChanges(user: ManagedUser, values: UserEditValues): UserChanges {
  const changes: UserChanges = {
    id: user.id,
    username: values.username.trim(),
    display_name: values.display_name.trim(),
    group: values.group,
  };
  if (values.password) changes.password = values.password;
  const quota = parseBalance(values.quota);
  if (quota !== null && quota !== user.quota) changes.quota = quota;
  return changes;
}
