import type { DrawingTaskFilter, TaskFilter } from '@modelgate/contracts';
import { adminDrawingTaskQuery, adminTaskQuery, drawingTaskQuery, taskQuery } from '@modelgate/contracts/api';
import type { Request } from 'express';
import { parseQuery } from '../../http/query-input';

/**
 * The filters of the drawing-task log, as the `/api` contract declares them; admins' requests
 * also carry `channel_id`, users' never do (the task service ignores it for them anyway).
 */
export function drawingTaskFilterOf(req: Request, admin: boolean): DrawingTaskFilter {
  return admin ? parseQuery(adminDrawingTaskQuery, req) : parseQuery(drawingTaskQuery, req);
}

/** The filters of the music/lyrics task log; `channel_id` for admins only. */
export function taskFilterOf(req: Request, admin: boolean): TaskFilter {
  return admin ? parseQuery(adminTaskQuery, req) : parseQuery(taskQuery, req);
}
