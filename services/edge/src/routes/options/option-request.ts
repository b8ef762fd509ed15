import { optionUpdateBody } from '@modelgate/contracts/api';
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
 * The `{key, value}` of `PUT /api/option/`, read with the contract's schema (values other than
 * text stored as their text, a missing one as ""); anything else is the reference's refusal.
 */
export function parseOptionUpdate(body: unknown): { key: string; value: string } {
  const parsed = optionUpdateBody.safeParse(body ?? {});
  if (!parsed.success) throw new ValidationError(INVALID_PARAMETERS, { code: 'invalid_parameters' });
  return parsed.data;
}
