import { useCallback, useEffect, useState } from 'react';
import { useCurrentUser } from '../../app/hooks';
import { isAdmin } from '../../app/session-slice';
import { usePageSize } from '../../common/page-size';
import type { TaskPageArgs } from './task-api';
import { type TaskFilter, taskFilterParams } from './TaskFilterBar';
import { type LoadedPages, useLoadedPages } from './use-loaded-pages';

/** A lazy list call of `task-api` (its trigger): one 0-based page of a task log. */
export type TaskPageCall<Row> = (args: TaskPageArgs) => { unwrap(): Promise<Row[]> };

export interface TaskLog<Row> {
  admin: boolean;
  /** The filter as being edited; a query applies it. */
  filter: TaskFilter;
  setFilter(filter: TaskFilter): void;
  pages: LoadedPages<Row, TaskFilter>;
  pageSize: number;
  /** Loads from the first page with the filter as it stands. */
  query(): void;
  changePageSize(size: number): void;
}

/** How often a task log with unfinished tasks on screen reads its rows again. */
export const TASK_REFRESH_MS = 5_000;

/** Statuses after which a task no longer changes. */
const FINISHED = new Set(['SUCCESS', 'FAILURE']);

/**
 * The state both task logs share: admins read everyone's tasks, users their own; the filter
 * applies on Query (and refresh); the first page loads once on opening; pages load as the user
 * reaches them. `idParam` names the task-id filter (`mj_id` or `task_id`).
 */
export function useTaskLog<Row>(listPage: TaskPageCall<Row>, idParam: 'mj_id' | 'task_id', defaultFilter: () => TaskFilter): TaskLog<Row> {
  const admin = isAdmin(useCurrentUser());
  const [pageSize, setPageSize] = usePageSize();
  const [filter, setFilter] = useState(defaultFilter);
  const fetchPage = useCallback(
    (p: number, size: number, applied: TaskFilter) =>
      listPage({ admin, p, page_size: size, filter: taskFilterParams(applied, admin, idParam) }).unwrap(),
    [listPage, admin, idParam],
  );
  const pages = useLoadedPages(fetchPage, pageSize);
  const { reload } = pages;

  useEffect(() => {
    // The first page loads once on opening; later loads follow the Query button.
    reload(filter);
  }, []);

  // While a task on screen is unfinished, its progress is read again every few seconds.
  const unfinished = pages.rows.some((row) => !FINISHED.has((row as { status?: string }).status ?? ''));
  const { refresh } = pages;
  useEffect(() => {
    if (!unfinished) return undefined;
    const timer = setInterval(refresh, TASK_REFRESH_MS);
    return () => clearInterval(timer);
  }, [unfinished, refresh]);

  return {
    admin,
    filter,
    setFilter,
    pages,
    pageSize,
    query: () => reload(filter),
    changePageSize: (size) => {
      setPageSize(size);
      reload(filter, size);
    },
  };
}
