import { z } from 'zod';
import { UpstreamError } from '../../protocols/upstream-error';

/** A decimal amount sent as a JSON number or as a numeric string (`"12.50"`). */
export const amount = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

/**
 * Parses a provider's answer with `schema`; an answer of another shape is an upstream failure
 * naming the first field that did not fit.
 */
export function parseAnswer<T extends z.ZodType>(schema: T, answer: unknown, api: string): z.output<T> {
  const result = schema.safeParse(answer);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? ` (field ${issue.path.join('.')})` : '';
  throw new UpstreamError({ kind: 'upstream', status: 200, message: `unexpected answer from ${api}${field}` });
}
