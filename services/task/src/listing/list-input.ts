import { ValidationError } from '@modelgate/runtime';

/** Prefix of input-validation failures, as the console shows them. */
export const INVALID_INPUT = '输入不合法：';
/** Page size when the request names none (spec §9). */
export const DEFAULT_PAGE_SIZE = 10;
/** Largest page served. */
export const MAX_PAGE_SIZE = 100;
/** Highest page number accepted (far beyond any real listing; keeps offsets within reason). */
export const MAX_PAGE = 10_000_000;
/** Longest text filter accepted (the widest filtered column is 255 characters). */
const MAX_TEXT_FILTER = 255;
/** Largest value of an `integer` column (ids such as `channel_id`). */
export const MAX_INT32 = 2_147_483_647;

/** A 0-based page and its size, validated. */
export interface Paging {
  page: number;
  pageSize: number;
}

/**
 * A non-negative integer filter from the wire (int64 arrives as a decimal string); 0 means "no
 * filter" and gives undefined. Anything else (negative, beyond 2^53, not a number) is refused, and
 * so is a value above `max` (the column's range: PostgreSQL refuses to compare an `integer`
 * column with a larger number).
 */
export function optionalId(value: string | number | undefined, field: string, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const number = Number(value ?? 0);
  if (!Number.isSafeInteger(number) || number < 0) {
    throw new ValidationError(`${INVALID_INPUT}${field} 必须是非负整数`, { code: 'invalid_filter' });
  }
  if (number > max) throw new ValidationError(`${INVALID_INPUT}${field} 不能大于 ${max}`, { code: 'invalid_filter' });
  return number === 0 ? undefined : number;
}

/** A text filter, trimmed; empty gives undefined. Longer than any filtered column is refused. */
export function optionalText(value: string | undefined, field: string): string | undefined {
  const trimmed = (value ?? '').trim();
  if (trimmed.length > MAX_TEXT_FILTER) {
    throw new ValidationError(`${INVALID_INPUT}${field} 长度不能超过 ${MAX_TEXT_FILTER} 个字符`, { code: 'invalid_filter' });
  }
  return trimmed === '' ? undefined : trimmed;
}

/** The 0-based page and page size of a listing; a size of 0 is the default of 10. */
export function pagingOf(page: number, pageSize: number): Paging {
  if (!Number.isInteger(page) || page < 0 || page > MAX_PAGE) {
    throw new ValidationError(`${INVALID_INPUT}页码必须是 0 到 ${MAX_PAGE} 之间的整数`, { code: 'invalid_page' });
  }
  if (!Number.isInteger(pageSize) || pageSize < 0 || pageSize > MAX_PAGE_SIZE) {
    throw new ValidationError(`${INVALID_INPUT}每页数量必须在 1 到 ${MAX_PAGE_SIZE} 之间`, { code: 'invalid_page_size' });
  }
  return { page, pageSize: pageSize === 0 ? DEFAULT_PAGE_SIZE : pageSize };
}
