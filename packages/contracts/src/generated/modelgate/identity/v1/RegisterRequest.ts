// Original file: proto/modelgate/identity/v1/account_service.proto


/**
 * RegisterRequest is the registration form.
 */
export interface RegisterRequest {
  /**
   * Login name, 1–12 characters.
   */
  'username'?: (string);
  /**
   * Password, 8–20 characters.
   */
  'password'?: (string);
  /**
   * Email address; required when email verification is on, ignored otherwise.
   */
  'email'?: (string);
  /**
   * The code mailed to `email`; required when email verification is on.
   */
  'verification_code'?: (string);
  /**
   * The inviter's invitation code; empty when none. An unknown code is ignored.
   */
  'aff_code'?: (string);
  /**
   * The password typed again; when non-empty it must equal `password`.
   */
  'password2'?: (string);
}

/**
 * RegisterRequest is the registration form.
 */
export interface RegisterRequest__Output {
  /**
   * Login name, 1–12 characters.
   */
  'username': (string);
  /**
   * Password, 8–20 characters.
   */
  'password': (string);
  /**
   * Email address; required when email verification is on, ignored otherwise.
   */
  'email': (string);
  /**
   * The code mailed to `email`; required when email verification is on.
   */
  'verification_code': (string);
  /**
   * The inviter's invitation code; empty when none. An unknown code is ignored.
   */
  'aff_code': (string);
  /**
   * The password typed again; when non-empty it must equal `password`.
   */
  'password2': (string);
}
