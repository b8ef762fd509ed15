import { z } from 'zod';

/**
 * Query-string parameters of `/api` (spec §7), read one way everywhere: a parameter appears at
 * most once, text is bounded, numbers are non-negative integers given as text. Each builder is a
 * zod schema of one parameter as Express hands it over (text, a list when repeated, an object
 * for `a[b]=`, or nothing); the query shapes of the resources are objects of them.
 *
 * A refusal is a zod issue in the form edge words for the console (`输入不合法：<name> …`):
 * lengths as `too_big` string issues, numbers past a bound as `too_big` number issues, and the
 * rest as custom issues whose message follows the parameter's name and whose `params.code` is
 * the stable code (`query_repeated`, `query_not_integer`).
 */

/** Longest text filter sent on (the widest filtered column holds 255 characters). */
export const MAX_QUERY_TEXT = 255;
/** Most digits of a numeric parameter: unix seconds, ids and pages fit well within 15. */
export const MAX_QUERY_DIGITS = 15;
/** Longest raw value of a numeric parameter (before trimming); longer is refused by length. */
export const MAX_QUERY_NUMBER_TEXT = 64;

/**
 * One parameter's single value, at most `maxLength` characters: absent or empty gives
 * undefined; a repeated (or nested) parameter and an oversized one are refused.
 */
export function querySingle(maxLength: number) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx): string | undefined => {
      if (value === undefined || value === '') return undefined;
      if (typeof value !== 'string') {
        ctx.addIssue({ code: 'custom', message: '只能出现一次', params: { code: 'query_repeated' }, input: value });
        return z.NEVER;
      }
      return value;
    })
    .pipe(z.string().max(maxLength).optional());
}

/** Text as sent (not trimmed), at most `maxLength` characters; empty when absent. */
export const queryString = (maxLength: number) => querySingle(maxLength).transform((value) => value ?? '');

/** A text filter, trimmed, at most `maxLength` characters (255 by default); empty when absent. */
export const queryText = (maxLength = MAX_QUERY_TEXT) => querySingle(maxLength).transform((value) => value?.trim() ?? '');

/** Reads trimmed digits as a number, or refuses them; '' gives 0 ("not given"). */
function digits(maxDigits: number) {
  return (value: string, ctx: z.RefinementCtx<string | undefined>): number => {
    if (value === '') return 0;
    if (!/^\d+$/.test(value) || value.length > maxDigits) {
      ctx.addIssue({ code: 'custom', message: '必须是非负整数', params: { code: 'query_not_integer' }, input: value });
      return z.NEVER;
    }
    return Number(value);
  };
}

/**
 * A non-negative integer of at most `maxDigits` digits (surrounding blanks ignored); absent or
 * empty gives 0, which every reader takes as "not given".
 */
export function queryInteger(maxDigits = MAX_QUERY_DIGITS) {
  const read = digits(maxDigits);
  return querySingle(MAX_QUERY_NUMBER_TEXT).transform((value, ctx) => read(value?.trim() ?? '', ctx));
}

/**
 * What consoles written for the reference send for a time filter left blank: JavaScript's `NaN`
 * (from an empty date field), `undefined` and `null` as text. The reference reads them, like an
 * empty value or 0, as "no filter".
 */
const NO_TIME_FILTER: ReadonlySet<string> = new Set(['nan', 'undefined', 'null']);

/** A time filter (Unix seconds): an integer as `queryInteger` reads it, or 0 for the blanks above. */
export function queryTimestamp() {
  const read = digits(MAX_QUERY_DIGITS);
  return querySingle(MAX_QUERY_NUMBER_TEXT).transform((value, ctx) => {
    const trimmed = value?.trim() ?? '';
    return NO_TIME_FILTER.has(trimmed.toLowerCase()) ? 0 : read(trimmed, ctx);
  });
}

/** A boolean flag: `true` or `1` sets it; absent or anything else leaves it off. */
export const queryFlag = () => querySingle(5).transform((value) => value === 'true' || value === '1');

/**
 * `?status_only=` on the `PUT` of tokens and redemption codes: any value but empty, `false` or
 * `0` asks for a status-only update (as the reference reads it).
 */
export const statusOnlyQuery = z.object({
  status_only: querySingle(16).transform((value) => value !== undefined && value !== 'false' && value !== '0'),
});

/** Page size when the client names none (spec §9). */
export const DEFAULT_PAGE_SIZE = 10;
/** Largest page size served; a larger request gets pages of this size. */
export const MAX_PAGE_SIZE = 100;
/** Highest page number accepted (far beyond any real listing; keeps offsets small). */
export const MAX_PAGE = 10_000_000;

/** A page of a list as the services are asked for it. */
export interface Paging {
  page: number;
  page_size: number;
}

/**
 * Paging of the `/api` lists: `p` counted from 0 (absent is 0), refused above MAX_PAGE; the size
 * from `page_size`, else `size` (read only when `page_size` names none; absent or 0 gives 10,
 * above 100 gives 100). Tokens, channels and tasks page this way.
 */
export const pagingQuery = z
  .object({
    p: queryInteger().pipe(z.number().max(MAX_PAGE)),
    page_size: queryInteger(),
    size: z.unknown().optional(),
  })
  .transform((query, ctx): Paging => {
    let size = query.page_size;
    if (size === 0) {
      const parsed = queryInteger().safeParse(query.size);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: ['size', ...issue.path] } as Parameters<typeof ctx.addIssue>[0]);
        return z.NEVER;
      }
      size = parsed.data;
    }
    return { page: query.p, page_size: size === 0 ? DEFAULT_PAGE_SIZE : Math.min(size, MAX_PAGE_SIZE) };
  });

/**
 * As `pagingQuery`, with pages counted from 1 as in the reference server and console (users,
 * redemption codes, logs): `p=0` (what the console sends for its first load) and an absent `p`
 * are the first page too.
 */
export const oneBasedPagingQuery = pagingQuery.transform((paging): Paging => ({ ...paging, page: Math.max(paging.page, 1) }));

/** The parameters a client may send for a query shape `S`, each as the text (or number) it puts in the URL. */
export type QueryOf<S extends z.ZodObject> = { [K in keyof S['shape']]?: string | number | boolean };
