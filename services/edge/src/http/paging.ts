import { ValidationError } from '@modelgate/runtime';
import type { Request } from 'express';
import { INVALID_INPUT, queryInteger } from './query-input';

/**
 * Paging of the `/api` lists (`p`, and `page_size` or `size`) and the paged shape some of them
 * answer with. Lists counted from 0 (tokens, channels, tasks) read `pagingOf`; those counted from
 * 1 as in the reference (users, redemption codes, logs) read `oneBasedPagingOf`.
 */

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
 * `p` counted from 0 (absent is 0), refused above MAX_PAGE; the size from `page_size`, else
 * `size` (absent or 0 gives 10; above 100 gives 100).
 */
export function pagingOf(req: Request): Paging {
  const page = queryInteger(req, 'p');
  if (page > MAX_PAGE) {
    throw new ValidationError(`${INVALID_INPUT}p 不能大于 ${MAX_PAGE}`, { code: 'input_too_large', details: { field: 'p', max: MAX_PAGE } });
  }
  const size = queryInteger(req, 'page_size') || queryInteger(req, 'size');
  return { page, page_size: size === 0 ? DEFAULT_PAGE_SIZE : Math.min(size, MAX_PAGE_SIZE) };
}

/**
 * As `pagingOf`, with pages counted from 1 as in the reference server and console: `p=0` (what
 * the console sends for its first load, hence "page starts at 0" in the spec) and an absent `p`
 * are the first page too.
 */
export function oneBasedPagingOf(req: Request): Paging {
  const paging = pagingOf(req);
  return { ...paging, page: Math.max(paging.page, 1) };
}

/** A page as the services answer it (`total` is an int64, so text on the wire). */
export interface ServicePage<T> extends Paging {
  items: T[];
  total: string;
}

/** The paged shape of `/api` lists: `{items, total, page, page_size}`, each item through `toJson`. */
export function pageJson<T, J>(page: ServicePage<T>, toJson: (item: T) => J) {
  return { items: page.items.map((item) => toJson(item)), total: Number(page.total), page: page.page, page_size: page.page_size };
}
