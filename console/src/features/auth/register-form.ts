import type { FieldErrors } from '../../common/forms/field-spec';
import { passwordLengthProblem } from '../../common/password-rules';
import i18n from '../../i18n';

/** Limits of a new account (spec §5 "Register", §9). */
export const USERNAME_MAX_LENGTH = 12;

export interface RegisterValues extends Record<string, unknown> {
  username: string;
  password: string;
  password2: string;
  email: string;
  verification_code: string;
}

export const EMPTY_REGISTRATION: RegisterValues = {
  username: '',
  password: '',
  password2: '',
  email: '',
  verification_code: '',
};

/** The register form's rules; the email fields count only when the site verifies emails. */
export function validateRegistration(values: RegisterValues, emailVerification: boolean): FieldErrors<RegisterValues> {
  const errors: FieldErrors<RegisterValues> = {};
  const username = values.username.trim();
  if (!username) errors.username = i18n.t('auth:register.errors.usernameRequired');
  else if (username.length > USERNAME_MAX_LENGTH) errors.username = i18n.t('auth:register.errors.usernameTooLong');
  const lengthProblem = passwordLengthProblem(values.password);
  if (!values.password) errors.password = i18n.t('auth:register.errors.passwordRequired');
  else if (lengthProblem === 'tooShort') errors.password = i18n.t('auth:register.errors.passwordTooShort');
  else if (lengthProblem === 'tooLong') errors.password = i18n.t('auth:register.errors.passwordTooLong');
  if (values.password && values.password2 !== values.password) errors.password2 = i18n.t('auth:register.errors.passwordsDiffer');
  if (emailVerification) {
    if (!values.email.trim()) errors.email = i18n.t('auth:register.errors.emailRequired');
    if (!values.verification_code.trim()) errors.verification_code = i18n.t('auth:register.errors.codeRequired');
  }
  return errors;
}
