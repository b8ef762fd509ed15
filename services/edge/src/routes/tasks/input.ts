import type { DrawingTaskFilter, TaskFilter } from '@modelgate/contracts';
import type { Request } from 'express';
import { queryInteger, queryText, queryTimestamp } from '../../http/query-input';

/**
 * The filters of the drawing-task log: `mj_id`, `start_timestamp`, `end_timestamp` (Unix
 * seconds; the task service also reads milliseconds, which consoles written for the reference
 * send), and for admins `channel_id`. Users' requests never carry the channel filter (the task
 * service ignores it for them anyway).
 */
export function drawingTaskFilterOf(req: Request, admin: boolean): DrawingTaskFilter {
  const filter: DrawingTaskFilter = {
    mj_id: queryText(req, 'mj_id'),
    start_timestamp: queryTimestamp(req, 'start_timestamp'),
    end_timestamp: queryTimestamp(req, 'end_timestamp'),
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
    start_timestamp: queryTimestamp(req, 'start_timestamp'),
    end_timestamp: queryTimestamp(req, 'end_timestamp'),
  };
  return admin ? { ...filter, channel_id: queryInteger(req, 'channel_id') } : filter;
}
