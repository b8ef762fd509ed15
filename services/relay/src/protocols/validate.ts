import { ValidationError } from '@modelgate/runtime';
import { z } from 'zod';

/**
 * Validation of a parsed JSON body against a protocol's wire schema. The schemas only check (they
 * never transform), so the body itself is what is returned, now typed: its key order and unknown
 * fields stay exactly as the client sent them for the passthrough path.
 */

type Issue = z.core.$ZodRawIssue;

/** A dotted path (`messages.0.content`), or undefined at the top. */
function dotted(path: readonly PropertyKey[] | undefined): string | undefined {
  return path === undefined || path.length === 0 ? undefined : path.map(String).join('.');
}

/** The wording of an issue the schema gives no message of its own. */
function defaultMessage(issue: Issue): string {
  const path = dotted(issue.path);
  const where = path === undefined ? 'the body' : path;
  switch (issue.code) {
    case 'invalid_type':
      return `${where} must be ${article(String(issue.expected))}`;
    case 'invalid_value':
      return `${where} must be one of ${(issue.values as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`;
    case 'too_small':
      return `${where} is too small`;
    case 'too_big':
      return `${where} is too large`;
    case 'invalid_union':
      return `${where} has an unexpected shape`;
    default:
      return `${where} is invalid`;
  }
}

/** A word with its indefinite article (`an input_audio`, `a tool_use`), for messages naming a kind. */
export function article(word: string): string {
  // A vowel sound, not a vowel letter: an input_audio part, a user message, a url source.
  return /^(?:[aeio]|u(?!s|r|ni|u))/i.test(word) ? `an ${word}` : `a ${word}`;
}

/**
 * Validates `value` against `schema` inside another schema's check, raising its issues on the
 * outer context under `prefix` and without their default wording, so they read with the whole
 * path (`messages.0.content.1.source must be an object`) rather than through a union's summary.
 */
export function reraise(ctx: z.core.ParsePayload<unknown>, schema: z.ZodType, value: unknown, prefix: readonly PropertyKey[] = []): void {
  const result = schema.safeParse(value);
  if (result.success) return;
  for (const issue of result.error.issues) {
    const { message, ...raw } = issue;
    const own = issue.code === 'custom' ? { message } : {};
    ctx.issues.push({ ...raw, ...own, path: [...prefix, ...issue.path], input: value } as z.core.$ZodRawIssue);
  }
}

/**
 * A field that is a string or a list of items of `item` (Anthropic's content and system): a wrong
 * item is reported at its own path.
 */
export function textOrList(item: z.ZodType): z.ZodType<string | unknown[]> {
  return z.unknown().check((ctx) => {
    const value = ctx.value;
    if (typeof value === 'string') return;
    if (!Array.isArray(value)) {
      ctx.issues.push({ code: 'invalid_type', expected: 'string or a list of blocks', input: value } as z.core.$ZodRawIssue);
      return;
    }
    value.forEach((element, index) => reraise(ctx, item, element, [index]));
  }) as z.ZodType<string | unknown[]>;
}

/** A rejected body: the first issue's message, and its path as `param`. */
export interface InvalidBody {
  readonly message: string;
  readonly param: string | undefined;
}

/** The first issue of a failed validation, or undefined when `value` fits `schema`. */
export function findIssue(schema: z.ZodType, value: unknown): InvalidBody | undefined {
  // Parse options take zod off its compiled fast path: a valid body (nearly every one) is checked
  // without them, and only a refused one is checked again to word its first issue.
  if (schema.safeParse(value).success) return undefined;
  const result = schema.safeParse(value, { error: defaultMessage });
  if (result.success) return undefined;
  const issue = result.error.issues[0]!;
  return { message: issue.message, param: dotted(issue.path) };
}

/** `value` typed by `schema`, or a 400 `ValidationError` (code `invalid_request`) naming the first issue. */
export function validated<T>(schema: z.ZodType<T>, value: unknown): T {
  const issue = findIssue(schema, value);
  if (issue) {
    throw new ValidationError(issue.message, {
      code: 'invalid_request',
      details: issue.param === undefined ? undefined : { param: issue.param },
    });
  }
  return value as T;
}
