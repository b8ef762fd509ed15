import { oneBasedPagingQuery, type Paging, pagingQuery } from '@modelgate/contracts/api';
import type { Request } from 'express';
import { parseQuery } from './query-input';

/**
 * Paging of the `/api` lists (`p`, and `page_size` or `size`, declared in the `/api` contract)
 * and the paged shape some of them answer with. Lists counted from 0 (tokens, channels, tasks)
 * read `pagingOf`; those counted from 1 as in the reference (users, redemption codes, logs) read
 * `oneBasedPagingOf`.
 */

export { MAX_PAGE_SIZE, type Paging } from '@modelgate/contracts/api';

/**
 * `p` counted from 0 (absent is 0), refused above MAX_PAGE; the size from `page_size`, else
 * `size` (absent or 0 gives 10; above 100 gives 100).
 */
export function pagingOf(req: Request): Paging {
  return parseQuery(pagingQuery, req);
}

/** As `pagingOf`, with pages counted from 1: `p=0` and an absent `p` are the first page too. */
export function oneBasedPagingOf(req: Request): Paging {
  return parseQuery(oneBasedPagingQuery, req);
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
