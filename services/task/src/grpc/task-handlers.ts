import type { TaskServiceDefinition } from '@modelgate/contracts';
import { callerScopeOf, TaskEntity } from '@modelgate/db';
import { NotFoundError, type UnaryServiceImplementation, ValidationError } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';
import { drawingTaskCriteriaOf } from '../drawing-tasks/drawing-task-filter';
import { listDrawingTasks } from '../drawing-tasks/drawing-task-query';
import { pagingOf } from '../listing/list-input';
import { taskCriteriaOf } from '../tasks/task-filter';
import { listTasks, taskOf } from '../tasks/task-query';

/**
 * `modelgate.task.v1.TaskService`. The listings are scoped by their caller ({@link scopeOf})
 * before any filter is read, so a `self` listing can only ever return the caller's own tasks.
 */
export function createTaskHandlers(dataSource: DataSource): UnaryServiceImplementation<TaskServiceDefinition> {
  const tasks = dataSource.getRepository(TaskEntity);
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
  };
}
