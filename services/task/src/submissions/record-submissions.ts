import type { DrawingTask, RecordDrawingTaskRequest__Output, RecordTaskRequest__Output, Task } from '@modelgate/contracts';
import { MidjourneyEntity, TaskEntity } from '@modelgate/db';
import { ValidationError } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';
import { drawingTaskOf } from '../drawing-tasks/drawing-task-query';
import { taskOf } from '../tasks/task-query';

function billingOf(request: { billing: RecordTaskRequest__Output['billing'] }) {
  const billing = request.billing;
  if (!billing || billing.request_id === '') throw new ValidationError('billing.request_id is required');
  return {
    request_id: billing.request_id,
    token_id: Number(billing.token_id),
    group: billing.group,
    model_name: billing.model_name,
  };
}

/** Parses JSON text stored as jsonb; undefined for empty text, the text itself when it is not JSON. */
function jsonValue(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Stores a drawing task an upstream accepted, once per request id (a retried call gets the row
 * stored first). The first poll is due at once.
 */
export async function recordDrawingTask(dataSource: DataSource, request: RecordDrawingTaskRequest__Output): Promise<DrawingTask> {
  const task = request.task;
  if (!task || task.mj_id === '') throw new ValidationError('task.mj_id is required');
  const billing = billingOf(request);
  const repository = dataSource.getRepository(MidjourneyEntity);
  await repository
    .createQueryBuilder()
    .insert()
    .values({
      code: task.code,
      user_id: Number(task.user_id),
      action: task.action,
      mj_id: task.mj_id,
      prompt: task.prompt,
      prompt_en: task.prompt_en,
      description: task.description,
      state: task.state,
      submit_time: Number(task.submit_time),
      start_time: Number(task.start_time),
      finish_time: Number(task.finish_time),
      image_url: task.image_url,
      status: task.status,
      progress: task.progress,
      fail_reason: task.fail_reason,
      channel_id: Number(task.channel_id),
      quota: Number(task.quota),
      buttons: task.buttons,
      properties: task.properties,
      ...billing,
      poll_at: 0,
    })
    .orIgnore()
    .execute();
  const row = await repository.findOneByOrFail({ request_id: billing.request_id });
  return drawingTaskOf(row, 'admin');
}

/** Stores a music or lyrics task an upstream accepted, once per request id. */
export async function recordTask(dataSource: DataSource, request: RecordTaskRequest__Output): Promise<Task> {
  const task = request.task;
  if (!task || task.task_id === '') throw new ValidationError('task.task_id is required');
  const billing = billingOf(request);
  const repository = dataSource.getRepository(TaskEntity);
  const now = Math.floor(Date.now() / 1000);
  await repository
    .createQueryBuilder()
    .insert()
    .values({
      task_id: task.task_id,
      platform: task.platform,
      user_id: Number(task.user_id),
      channel_id: Number(task.channel_id),
      quota: Number(task.quota),
      action: task.action,
      status: task.status,
      fail_reason: task.fail_reason,
      submit_time: Number(task.submit_time),
      start_time: 0,
      finish_time: 0,
      progress: task.progress,
      // jsonb columns: TypeORM's insert typing cannot express arbitrary JSON values.
      properties: jsonValue(task.properties_json) as never,
      data: jsonValue(task.data_json) as never,
      created_at: now,
      updated_at: now,
      ...billing,
      poll_at: 0,
    })
    .orIgnore()
    .execute();
  const row = await repository.findOneByOrFail({ request_id: billing.request_id });
  return taskOf(row, 'admin');
}
