import { ValidationError } from '@modelgate/runtime';
import type { OptionKeyOf } from '@modelgate/db';
import type { TypedOptionReader } from '../options/option-store';
import { AccountMessage } from './account-messages';

/** Spec §9: usernames have at most 12 characters. */
export const MAX_USERNAME_LENGTH = 12;
/** Spec §9: passwords have at least 8 characters, at most 20 when chosen by the user. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 20;
/** The reference's limit on display names. */
export const MAX_DISPLAY_NAME_LENGTH = 20;
/** RFC 5321's limit on a whole address. */
export const MAX_EMAIL_LENGTH = 254;

/** Length in characters (code points), so that "密码" counts 2 and an emoji counts 1. */
export function characterCount(value: string): number {
  return [...value].length;
}

function invalid(message: string, code: string): ValidationError {
  return new ValidationError(message, { code });
}

/** A username as stored: trimmed, non-empty, at most 12 characters, no control characters. */
export function checkUsername(raw: string): string {
  const username = raw.trim();
  if (username === '') throw invalid(AccountMessage.usernameRequired, 'username_required');
  if (characterCount(username) > MAX_USERNAME_LENGTH) throw invalid(AccountMessage.usernameTooLong, 'username_too_long');
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(username)) throw invalid(AccountMessage.invalidParameters, 'username_invalid');
  return username;
}

/** A password a user chooses: 8–20 characters. */
export function checkNewPassword(password: string): string {
  const length = characterCount(password);
  if (length < MIN_PASSWORD_LENGTH) throw invalid(AccountMessage.passwordTooShort, 'password_too_short');
  if (length > MAX_PASSWORD_LENGTH) throw invalid(AccountMessage.passwordTooLong, 'password_too_long');
  return password;
}

/** A display name: trimmed, at most 20 characters. */
export function checkDisplayName(raw: string): string {
  const name = raw.trim();
  if (characterCount(name) > MAX_DISPLAY_NAME_LENGTH) {
    throw invalid(AccountMessage.displayNameTooLong, 'display_name_too_long');
  }
  return name;
}

/** An address as stored and compared: trimmed and lower-cased. */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

const EMAIL_PATTERN = /^[^\s@"<>()[\]\\,;:]+@[^\s@"<>()[\]\\,;:]+\.[^\s@"<>()[\]\\,;:.]{2,}$/;

/** True when `email` (normalised) looks like a deliverable address. */
export function isEmailAddress(email: string): boolean {
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(email)) return false;
  const [local = '', domain = ''] = email.split('@');
  return local.length <= 64 && !domain.includes('..') && !domain.startsWith('.') && !domain.startsWith('-');
}

/** The normalised address, or a ValidationError with the reference's "invalid parameters". */
export function checkEmail(raw: string): string {
  const email = normaliseEmail(raw);
  if (!isEmailAddress(email)) throw invalid(AccountMessage.invalidParameters, 'invalid_email');
  return email;
}

/**
 * The administrator's restrictions on addresses (spec §3 "Email restrictions"): the domain must
 * be on `EmailDomainWhitelist` when `EmailDomainRestrictionEnabled`, and the local part may hold
 * neither `+` nor `.` when `EmailAliasRestrictionEnabled` (so one mailbox cannot register many
 * accounts through aliases).
 */
export function checkEmailRestrictions(email: string, options: TypedOptionReader): void {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (options.value('EmailDomainRestrictionEnabled')) {
    const whitelist = options
      .value('EmailDomainWhitelist')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => entry !== '');
    if (!whitelist.includes(domain)) throw invalid(AccountMessage.emailDomainNotAllowed, 'email_domain_not_allowed');
  }
  if (options.value('EmailAliasRestrictionEnabled') && /[+.]/.test(local)) {
    throw invalid(AccountMessage.emailAliasNotAllowed, 'email_alias_not_allowed');
  }
}

/** Whether a switch is on (a stored text other than `true`/`false` reads as its default). */
export function optionEnabled(options: TypedOptionReader, key: OptionKeyOf<boolean>): boolean {
  return options.value(key);
}

/** A quota amount given on sign-up: a non-negative whole number (0, its default, when malformed). */
export function quotaOption(options: TypedOptionReader, key: 'QuotaForNewUser' | 'QuotaForInvitee' | 'QuotaForInviter'): number {
  return options.value(key);
}
