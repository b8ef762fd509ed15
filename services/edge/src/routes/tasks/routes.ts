import { type Request, type Response, Router } from 'express';
import type { ApiDeps } from '../../api-deps';
import { callerOf } from '../../auth/authenticate';
import { sendOk } from '../../http/envelope';
import { pagingOf } from '../../http/paging';
import { drawingTaskFilterOf, taskFilterOf } from './input';
import { drawingTaskJsonOf, taskJsonOf } from './json';

/**
 * The drawing-task log (`/api/mj/...`) and the music/lyrics task log (`/api/task/...`), read from
 * the task service, which owns the tables and scopes every answer itself: `/mj/` and `/task/`
 * are for admins (every user, channel filter, channel column), `/mj/self` and `/task/self` for
 * any signed-in user (their own tasks, no channel). Both answer with a plain array of one
 * 0-based page (`p`), as the reference does.
 */
export function createTaskRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { clients, guards } = deps;

  const drawingTasks = (self: boolean) => async (req: Request, res: Response) => {
    const filter = drawingTaskFilterOf(req, !self);
    const { items } = await clients.task.call('ListDrawingTasks', { caller: callerOf(res, self), filter, ...pagingOf(req) });
    sendOk(res, items.map((task) => drawingTaskJsonOf(task, !self)));
  };

  const tasks = (self: boolean) => async (req: Request, res: Response) => {
    const filter = taskFilterOf(req, !self);
    const { items } = await clients.task.call('ListTasks', { caller: callerOf(res, self), filter, ...pagingOf(req) });
    sendOk(res, items.map((task) => taskJsonOf(task, !self)));
  };

  router.get('/mj/self', guards.user, drawingTasks(true));
  router.get('/mj/', guards.admin, drawingTasks(false));
  router.get('/task/self', guards.user, tasks(true));
  router.get('/task/', guards.admin, tasks(false));

  return router;
}
