import { ValidationError } from '@modelgate/runtime';

/** The reference's message for a body that is not `{key, value}`. */
export const INVALID_PARAMETERS = '无效的参数';

/** Option keys whose values are secrets and never leave the server (the reference's rule). */
const SECRET_SUFFIX = /(Token|Secret|Key)$/;
/** Secrets whose dotted names the suffix rule misses (the reference lists them to root). */
const DOTTED_SECRETS: ReadonlySet<string> = new Set(['oidc.client_secret']);

/** True when the option's value is a secret: it may be written but is never returned. */
export function isSecretOption(key: string): boolean {
  return SECRET_SUFFIX.test(key) || DOTTED_SECRETS.has(key);
}

/**
 * The `{key, value}` of `PUT /api/option/`. The console sends every value as text; other
 * clients of the reference send booleans and numbers too, which are stored as their text, and
 * a missing value, stored as "".
 */
export function parseOptionUpdate(body: unknown): { key: string; value: string } {
  const { key, value } = (body ?? {}) as { key?: unknown; value?: unknown };
  const invalid = () => new ValidationError(INVALID_PARAMETERS, { code: 'invalid_parameters' });
  if (typeof key !== 'string' || key.trim() === '') throw invalid();
  // Without a value (absent or null) the reference stores the empty string.
  if (value === undefined || value === null) return { key, value: '' };
  if (typeof value === 'string') return { key, value };
  if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) {
    return { key, value: String(value) };
  }
  throw invalid();
}
