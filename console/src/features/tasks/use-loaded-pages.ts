import { useCallback, useRef, useState } from 'react';

/** Reads one 0-based page of `size` rows; throws when the call failed (the failure is shown elsewhere). */
export type PageFetcher<Row, Filter> = (page: number, size: number, filter: Filter) => Promise<Row[]>;

export interface LoadedPages<Row, Filter> {
  /** The rows of the page on screen. */
  rows: Row[];
  page: number;
  loading: boolean;
  /** Whether a page after the current one exists or may exist (the server gives no total). */
  hasMore: boolean;
  /** Starts again from page 0 with `filter` (and `size`, when the page size just changed). */
  reload(filter: Filter, size?: number): void;
  goTo(page: number): void;
  /** Reads the pages loaded so far again, in place (rows whose tasks moved on show it). */
  refresh(): void;
}

/**
 * Paging over a list the server answers as bare 0-based pages without a total (task logs):
 * pages are kept as they arrive, and the next server page is fetched when the user reaches the
 * page after the last one loaded. A page shorter than the page size is the last one.
 */
export function useLoadedPages<Row, Filter>(fetchPage: PageFetcher<Row, Filter>, pageSize: number): LoadedPages<Row, Filter> {
  const [loaded, setLoaded] = useState<{ rows: Row[]; pages: number; exhausted: boolean }>({ rows: [], pages: 0, exhausted: false });
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(false);
  const generation = useRef(0);
  const filterRef = useRef<Filter | undefined>(undefined);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const load = useCallback(async (serverPage: number, size: number, fresh: boolean) => {
    if (fresh) generation.current += 1;
    const current = generation.current;
    setLoading(true);
    try {
      const rows = await fetchRef.current(serverPage, size, filterRef.current as Filter);
      if (current !== generation.current) return;
      setLoaded((previous) => ({
        rows: fresh ? rows : [...previous.rows, ...rows],
        pages: serverPage + 1,
        exhausted: rows.length < size,
      }));
    } catch {
      if (current === generation.current && fresh) setLoaded({ rows: [], pages: 0, exhausted: true });
    } finally {
      if (current === generation.current) setLoading(false);
    }
  }, []);

  const reload = useCallback(
    (filter: Filter, size = pageSize) => {
      filterRef.current = filter;
      setPage(0);
      void load(0, size, true);
    },
    [load, pageSize],
  );

  const goTo = useCallback(
    (next: number) => {
      setPage(next);
      if (next >= loaded.pages && !loaded.exhausted && !loading) void load(loaded.pages, pageSize, false);
    },
    [load, loaded.pages, loaded.exhausted, loading, pageSize],
  );

  const refresh = useCallback(() => {
    const current = generation.current;
    const pages = Math.max(1, loaded.pages);
    void Promise.all(Array.from({ length: pages }, (_, serverPage) => fetchRef.current(serverPage, pageSize, filterRef.current as Filter)))
      .then((all) => {
        // A reload or a page fetched meanwhile wins over this refresh.
        if (current !== generation.current) return;
        setLoaded((previous) => (previous.pages === pages ? { ...previous, rows: all.flat() } : previous));
      })
      .catch(() => undefined);
  }, [loaded.pages, pageSize]);

  return {
    rows: loaded.rows.slice(page * pageSize, (page + 1) * pageSize),
    page,
    loading,
    hasMore: !loaded.exhausted || (page + 1) * pageSize < loaded.rows.length,
    reload,
    goTo,
    refresh,
  };
}
