import type { DrawingTaskFilter, TaskFilter } from '@modelgate/contracts';
import { ValidationError } from '@modelgate/runtime';
import type { Request } from 'express';
import { queryInteger } from '../logs/log-input';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, queryValue } from '../user-admin/user-admin-input';

/** Prefix of input-validation failures, as in the reference (`输入不合法 …`). */
const INVALID_INPUT = '输入不合法：';
/** Longest text filter sent on (the filtered columns hold at most 255 characters). */
const MAX_TEXT = 255;
/** Highest page number accepted (far beyond any real listing; keeps offsets small). */
const MAX_PAGE = 10_000_000;

function queryText(req: Request, name: string): string {
  return queryValue(req, name, MAX_TEXT)?.trim() ?? '';
}

/**
 * Paging of the drawing and task lists: `p` is a 0-based page as in the reference console, the
 * size comes from `page_size` (or `size`), 10 by default and at most 100 (a larger size gets
 * pages of 100).
 */
export function taskPagingOf(req: Request): { page: number; page_size: number } {
  const page = queryInteger(req, 'p');
  if (page > MAX_PAGE) throw new ValidationError(`${INVALID_INPUT}p 不能大于 ${MAX_PAGE}`, { code: 'invalid_page' });
  const size = queryInteger(req, 'page_size') || queryInteger(req, 'size');
  return { page, page_size: size === 0 ? DEFAULT_PAGE_SIZE : Math.min(size, MAX_PAGE_SIZE) };
}

/**
 * The filters of the drawing-task log: `mj_id`, `start_timestamp`, `end_timestamp` (Unix
 * seconds; the task service also reads milliseconds, which consoles written for the reference
 * send), and for admins `channel_id`. Users' requests never carry the channel filter (the task
 * service ignores it for them anyway).
 */
export function drawingTaskFilterOf(req: Request, admin: boolean): DrawingTaskFilter {
  const filter: DrawingTaskFilter = {
    mj_id: queryText(req, 'mj_id'),
    start_timestamp: queryInteger(req, 'start_timestamp'),
    end_timestamp: queryInteger(req, 'end_timestamp'),
  };
  return admin ? { ...filter, channel_id: queryInteger(req, 'channel_id') } : filter;
}

/**
 * The filters of the music/lyrics task log: `task_id`, `platform`, `status`, `action`,
 * `start_timestamp`, `end_timestamp` (Unix seconds), and for admins `channel_id`.
 */
export function taskFilterOf(req: Request, admin: boolean): TaskFilter {
  const filter: TaskFilter = {
    task_id: queryText(req, 'task_id'),
    platform: queryText(req, 'platform'),
    status: queryText(req, 'status'),
    action: queryText(req, 'action'),
    start_timestamp: queryInteger(req, 'start_timestamp'),
    end_timestamp: queryInteger(req, 'end_timestamp'),
  };
  return admin ? { ...filter, channel_id: queryInteger(req, 'channel_id') } : filter;
}
