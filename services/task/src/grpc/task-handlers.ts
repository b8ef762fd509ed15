import type { TaskServiceDefinition } from '@modelgate/contracts';
import { TaskEntity } from '@modelgate/db';
import { NotFoundError, type UnaryServiceImplementation, ValidationError } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';

/** `modelgate.task.v1.TaskService`. */
export function createTaskHandlers(dataSource: DataSource): UnaryServiceImplementation<TaskServiceDefinition> {
  const tasks = dataSource.getRepository(TaskEntity);
  return {
    async GetTask(request) {
      if (request.task_id === '') throw new ValidationError('task_id is required');
      const task = await tasks.findOne({ where: { task_id: request.task_id } });
      if (!task) throw new NotFoundError(`task ${request.task_id} not found`, { code: 'task_not_found' });
      return {
        task: {
          id: task.id,
          task_id: task.task_id,
          platform: task.platform,
          user_id: task.user_id,
          channel_id: task.channel_id,
          action: task.action,
          status: task.status,
          progress: task.progress,
          fail_reason: task.fail_reason,
          submit_time: task.submit_time,
          finish_time: task.finish_time,
          quota: task.quota,
        },
      };
    },
  };
}
