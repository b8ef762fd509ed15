import { optionUpdateBody } from '@modelgate/contracts/api';
import { optionSchema } from '@modelgate/contracts/options';
import { ValidationError } from '@modelgate/runtime';

/** The reference's message for a body that is not `{key, value}`. */
export const INVALID_PARAMETERS = '无效的参数';

/** True when the option's value is a secret: it may be written but is never returned (the registry says which). */
export { isSecretOption } from '@modelgate/contracts/options';

/**
 * The `{key, value}` of `PUT /api/option/`, read with the contract's schema (values other than
 * text stored as their text, a missing one as ""); anything else is the reference's refusal.
 */
export function parseOptionUpdate(body: unknown): { key: string; value: string } {
  const parsed = optionUpdateBody.safeParse(body ?? {});
  if (!parsed.success) throw new ValidationError(INVALID_PARAMETERS, { code: 'invalid_parameters' });
  return parsed.data;
}

/**
 * Checks an option change against the registry's rule for its key, so a bad value is refused
 * with the rule's message before it reaches identity (which checks the whole batch again, with
 * the rules that need the other options). Returns the change with its value as it is stored.
 */
export function checkOptionUpdate(update: { key: string; value: string }): { key: string; value: string } {
  const result = optionSchema(update.key).safeParse(update.value);
  if (result.success) return { key: update.key, value: result.data };
  const issue = result.error.issues[0];
  const { code, ...details } = ((issue as { params?: Record<string, string | number> } | undefined)?.params ?? {}) as Record<string, string | number>;
  throw new ValidationError(issue?.message ?? INVALID_PARAMETERS, {
    code: typeof code === 'string' ? code : 'invalid_option_value',
    ...(Object.keys(details).length > 0 ? { details } : {}),
  });
}
