/** The password lengths the server accepts, for registration and a change alike (spec §9). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;

/** What is wrong with a password's length, if anything. */
export function passwordLengthProblem(password: string): 'tooShort' | 'tooLong' | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'tooLong';
  return undefined;
}
