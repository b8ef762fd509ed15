import type { DrawingTask__Output, Task__Output } from '@modelgate/contracts';

/**
 * A drawing task in the `/api` contract's JSON (product spec §3 "Drawing task"), numbers as
 * numbers and times in Unix milliseconds as the reference sends them.
 */
export interface DrawingTaskJson {
  id: number;
  code: number;
  user_id: number;
  action: string;
  mj_id: string;
  prompt: string;
  prompt_en: string;
  description: string;
  state: string;
  submit_time: number;
  start_time: number;
  finish_time: number;
  image_url: string;
  status: string;
  progress: string;
  fail_reason: string;
  /** Admins only (spec §6). */
  channel_id?: number;
  quota: number;
  /** JSON text, as stored. */
  buttons: string;
  /** JSON text, as stored. */
  properties: string;
}

/** A music or lyrics task in the `/api` contract's JSON (spec §3 "Music/lyrics task"), times in Unix seconds. */
export interface TaskJson {
  id: number;
  created_at: number;
  updated_at: number;
  task_id: string;
  platform: string;
  user_id: number;
  /** Admins only (spec §6). */
  channel_id?: number;
  quota: number;
  action: string;
  status: string;
  fail_reason: string;
  submit_time: number;
  start_time: number;
  finish_time: number;
  progress: string;
  /** The submitted input, `{input}`; null when none was stored. */
  properties: unknown;
  /** The latest raw upstream payload; null when none was stored. */
  data: unknown;
}

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
