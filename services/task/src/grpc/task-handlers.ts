import type { TaskServiceDefinition } from '@modelgate/contracts';
import { callerScopeOf } from '@modelgate/access';
import { MidjourneyEntity, TaskEntity } from '@modelgate/db';
import { NotFoundError, type UnaryServiceImplementation, ValidationError } from '@modelgate/runtime';
import { type DataSource, In } from 'typeorm';
import { drawingTaskCriteriaOf } from '../drawing-tasks/drawing-task-filter';
import { drawingTaskOf, listDrawingTasks } from '../drawing-tasks/drawing-task-query';
import { pagingOf } from '../listing/list-input';
import type { TaskPoller } from '../polling/task-poller';
import { recordDrawingTask, recordTask } from '../submissions/record-submissions';
import { taskCriteriaOf } from '../tasks/task-filter';
import { listTasks, taskOf } from '../tasks/task-query';

/** Most ids one Find call takes. */
const MAX_FIND_IDS = 100;

function idsOf(ids: string[]): string[] {
  const unique = [...new Set(ids.filter((id) => id !== ''))];
  if (unique.length > MAX_FIND_IDS) throw new ValidationError(`at most ${MAX_FIND_IDS} task ids per call`);
  return unique;
}

/**
 * `modelgate.task.v1.TaskService`. The listings are scoped by their caller ({@link scopeOf})
 * before any filter is read, so a `self` listing can only ever return the caller's own tasks.
 */
export function createTaskHandlers(
  dataSource: DataSource,
  poller?: Pick<TaskPoller, 'refreshDrawingTask'>,
  metrics?: { submitted(platform: string): void },
): UnaryServiceImplementation<TaskServiceDefinition> {
  const tasks = dataSource.getRepository(TaskEntity);
  const drawings = dataSource.getRepository(MidjourneyEntity);
  return {
    async GetTask(request) {
      if (request.task_id === '') throw new ValidationError('task_id is required');
      const task = await tasks.findOne({ where: { task_id: request.task_id } });
      if (!task) throw new NotFoundError(`task ${request.task_id} not found`, { code: 'task_not_found' });
      return { task: taskOf(task, 'admin') };
    },

    async ListDrawingTasks(request) {
      const scope = callerScopeOf(request.caller);
      const criteria = drawingTaskCriteriaOf(request.filter, scope);
      const paging = pagingOf(request.page, request.page_size);
      return { items: await listDrawingTasks(dataSource, scope, criteria, paging) };
    },

    async ListTasks(request) {
      const scope = callerScopeOf(request.caller);
      const criteria = taskCriteriaOf(request.filter, scope);
      const paging = pagingOf(request.page, request.page_size);
      return { items: await listTasks(dataSource, scope, criteria, paging) };
    },

    async RecordDrawingTask(request) {
      const task = await recordDrawingTask(dataSource, request);
      metrics?.submitted('midjourney');
      return { task };
    },

    async RecordTask(request) {
      const task = await recordTask(dataSource, request);
      metrics?.submitted(task.platform ?? '');
      return { task };
    },

    async FindDrawingTasks(request) {
      const ids = idsOf(request.mj_ids);
      if (ids.length === 0) return { items: [] };
      const userId = Number(request.user_id);
      const rows = await drawings.find({ where: { mj_id: In(ids), ...(userId > 0 ? { user_id: userId } : {}) }, order: { id: 'ASC' } });
      return { items: rows.map((row) => drawingTaskOf(row, 'admin')) };
    },

    async FindTasks(request) {
      const ids = idsOf(request.task_ids);
      if (ids.length === 0) return { items: [] };
      const userId = Number(request.user_id);
      const rows = await tasks.find({ where: { task_id: In(ids), ...(userId > 0 ? { user_id: userId } : {}) }, order: { id: 'ASC' } });
      return { items: rows.map((row) => taskOf(row, 'admin')) };
    },

    async RefreshDrawingTask(request) {
      if (request.mj_id === '') throw new ValidationError('mj_id is required');
      const changed = poller ? await poller.refreshDrawingTask(request.mj_id) : false;
      if (changed === undefined) throw new NotFoundError(`task ${request.mj_id} not found`, { code: 'task_not_found' });
      return { changed };
    },
  };
}
