import type { DrawingTask__Output, Task__Output } from '@modelgate/contracts';
import type { DrawingTaskJson, TaskJson } from '@modelgate/contracts/api';

export type { DrawingTaskJson, TaskJson } from '@modelgate/contracts/api';

/** The JSON of a drawing task; users' rows (`admin` false) leave out the channel. */
export function drawingTaskJsonOf(task: DrawingTask__Output, admin: boolean): DrawingTaskJson {
  const json: DrawingTaskJson = {
    id: Number(task.id),
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
    quota: Number(task.quota),
    buttons: task.buttons,
    properties: task.properties,
  };
  if (admin) json.channel_id = Number(task.channel_id);
  return json;
}

/** A stored JSON value sent as text by the task service; empty text is null. */
function jsonValue(text: string): unknown {
  return text === '' ? null : JSON.parse(text);
}

/** The JSON of a music or lyrics task; users' rows (`admin` false) leave out the channel. */
export function taskJsonOf(task: Task__Output, admin: boolean): TaskJson {
  const json: TaskJson = {
    id: Number(task.id),
    created_at: Number(task.created_at),
    updated_at: Number(task.updated_at),
    task_id: task.task_id,
    platform: task.platform,
    user_id: Number(task.user_id),
    quota: Number(task.quota),
    action: task.action,
    status: task.status,
    fail_reason: task.fail_reason,
    submit_time: Number(task.submit_time),
    start_time: Number(task.start_time),
    finish_time: Number(task.finish_time),
    progress: task.progress,
    properties: jsonValue(task.properties_json),
    data: jsonValue(task.data_json),
  };
  if (admin) json.channel_id = Number(task.channel_id);
  return json;
}
