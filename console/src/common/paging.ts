/**
 * Lists the reference answers as a bare array (channels, tokens, tasks) carry no total: a page
 * that comes back shorter than the page size is the last one.
 */
export function hasNextPage(rowsOnPage: number, pageSize: number): boolean {
  return rowsOnPage >= pageSize;
}
