import { z } from 'zod';

/**
 * `/api/option/` (spec §7 "Options"): the shape of the calls only; which keys exist, their
 * defaults and rules belong to the option registry.
 */

/** One option as `GET /api/option/` lists it (secrets are never listed). */
export const optionJson = z.object({ key: z.string(), value: z.string() });

/**
 * `PUT /api/option/`: `{key, value}`. The console sends every value as text; other clients of
 * the reference send booleans and numbers too, stored as their text, and a missing or null value,
 * stored as "".
 */
export const optionUpdateBody = z
  .object({
    key: z.string().refine((key) => key.trim() !== ''),
    value: z.union([z.string(), z.boolean(), z.number()]).nullish(),
  })
  .transform(({ key, value }) => ({ key, value: value === undefined || value === null ? '' : String(value) }));

export type OptionJson = z.infer<typeof optionJson>;
export type OptionUpdateBody = z.input<typeof optionUpdateBody>;
