import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Task__Output } from '@modelgate/contracts';
import { NotFoundError, PermissionDeniedError, UnavailableError, ValidationError } from '@modelgate/runtime';
import { readRequestBody } from '../http/request-body';
import { settleTask } from './task-billing';
import { musicTasksEnabled, type TaskEndpointDeps } from './task-deps';
import { sendTaskJson, UpstreamTaskRefusal } from './task-errors';
import type { TaskRoute } from './task-routes';
import {
  authenticateTaskCall,
  originalChannel,
  parseJsonObject,
  pickTaskChannel,
  priceAndReserve,
  readTaskBody,
  SUNO_CHANNEL_TYPES,
  upstreamOf,
} from './task-submission';
import { callTaskUpstream } from './task-upstream';

/** Suno's model when a music request names none (the reference's default). */
export const DEFAULT_SUNO_MODEL = 'chirp-v3-0';
const MAX_FETCH_IDS = 100;

function parsed(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A stored task as the reference's `TaskDto`. */
export function sunoTaskWire(task: Task__Output): Record<string, unknown> {
  return {
    task_id: task.task_id,
    action: task.action,
    status: task.status,
    fail_reason: task.fail_reason,
    submit_time: Number(task.submit_time),
    start_time: Number(task.start_time),
    finish_time: Number(task.finish_time),
    progress: task.progress,
    data: parsed(task.data_json),
  };
}

function optionalString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new ValidationError(`${field} must be a string`, { code: 'invalid_request' });
  return value;
}

async function submitMusic(req: IncomingMessage, res: ServerResponse, action: 'MUSIC' | 'LYRICS', requestId: string, deps: TaskEndpointDeps): Promise<void> {
  const startedAt = Date.now();
  if (!musicTasksEnabled(deps)) throw new PermissionDeniedError('music and lyrics tasks are turned off by the administrator', { code: 'task_disabled' });
  const payer = await authenticateTaskCall(req, req.url ?? '/suno', deps);
  const body = await readTaskBody(req, payer, deps);
  const prompt = optionalString(body, 'prompt') || optionalString(body, 'gpt_description_prompt');
  if (action === 'LYRICS' && prompt.trim() === '') throw new ValidationError('prompt is required', { code: 'prompt_required' });
  const upstreamBody: Record<string, unknown> = { ...body };
  if (action === 'MUSIC' && !optionalString(body, 'mv')) upstreamBody.mv = DEFAULT_SUNO_MODEL;
  const model = action === 'MUSIC' ? 'suno_music' : 'suno_lyrics';
  const continueClip = optionalString(body, 'continue_clip_id');
  let channel;
  if (continueClip !== '') {
    const taskId = optionalString(body, 'task_id');
    if (taskId === '') throw new ValidationError('task_id is required with continue_clip_id', { code: 'task_id_required' });
    const { items } = await deps.tasks.call('FindTasks', { task_ids: [taskId], user_id: payer.user.id });
    if (!items[0]) throw new NotFoundError(`task ${taskId} not found`, { code: 'task_not_found' });
    channel = originalChannel(deps, payer, model, Number(items[0].channel_id));
  } else {
    channel = pickTaskChannel(deps, payer, model, SUNO_CHANNEL_TYPES);
  }
  const { baseUrl, key } = upstreamOf(channel);
  const { price, admission } = await priceAndReserve(deps, requestId, payer, model);
  const refund = () => deps.admitter.refund(requestId, admission);
  let answer;
  try {
    answer = await callTaskUpstream(deps.upstream, { url: `${baseUrl}/suno/submit/${action}`, method: 'POST', headers: { authorization: `Bearer ${key}` }, body: upstreamBody });
  } catch (error) {
    await refund();
    throw error;
  }
  const json = answer.json as { code?: unknown; message?: unknown; data?: unknown } | undefined;
  const taskId = typeof json?.data === 'string' ? json.data : '';
  if (answer.status !== 200 || json?.code !== 'success' || taskId === '') {
    await refund();
    throw new UpstreamTaskRefusal(answer.status >= 400 && answer.status < 500 ? answer.status : 502, {
      code: typeof json?.code === 'string' ? json.code : 'upstream_error',
      message: typeof json?.message === 'string' && json.message !== '' ? json.message : `the upstream answered HTTP ${answer.status} without a task`,
      data: null,
    });
  }
  try {
    await deps.tasks.call('RecordTask', {
      task: {
        task_id: taskId,
        platform: 'suno',
        user_id: payer.user.id,
        channel_id: channel.id,
        action,
        status: 'NOT_START',
        progress: '0%',
        submit_time: Math.floor(Date.now() / 1000),
        quota: price.quota,
        properties_json: JSON.stringify({ input: prompt }),
      },
      billing: { request_id: requestId, token_id: payer.token.id, group: payer.group, model_name: model },
    });
  } catch (error) {
    await refund();
    throw new UnavailableError('the task could not be recorded; nothing was charged', { code: 'task_not_recorded', cause: error });
  }
  settleTask(deps, { requestId, payer, channelId: channel.id, model, price, admission, startedAt, taskId, action });
  sendTaskJson(res, 200, { code: 'success', message: '', data: taskId });
}

/** Serves one Suno route. */
export async function serveSuno(req: IncomingMessage, res: ServerResponse, route: TaskRoute, requestId: string, deps: TaskEndpointDeps): Promise<void> {
  switch (route.kind) {
    case 'suno-submit':
      return submitMusic(req, res, route.action, requestId, deps);
    case 'suno-fetch': {
      const payer = await authenticateTaskCall(req, req.url ?? '/suno', deps);
      const body = parseJsonObject(await readRequestBody(req, 1024 * 1024));
      const ids = body.ids;
      if (!Array.isArray(ids) || ids.length > MAX_FETCH_IDS || !ids.every((id) => typeof id === 'string')) {
        throw new ValidationError(`ids must be a list of at most ${MAX_FETCH_IDS} task ids`, { code: 'invalid_ids' });
      }
      const { items } = ids.length === 0 ? { items: [] } : await deps.tasks.call('FindTasks', { task_ids: ids as string[], user_id: payer.user.id });
      return sendTaskJson(res, 200, { code: 'success', message: '', data: items.map(sunoTaskWire) });
    }
    case 'suno-fetch-one': {
      req.resume();
      const payer = await authenticateTaskCall(req, req.url ?? '/suno', deps);
      const { items } = await deps.tasks.call('FindTasks', { task_ids: [route.id], user_id: payer.user.id });
      if (!items[0]) throw new NotFoundError(`task ${route.id} not found`, { code: 'task_not_found' });
      return sendTaskJson(res, 200, { code: 'success', message: '', data: sunoTaskWire(items[0]) });
    }
    default:
      req.resume();
      throw new NotFoundError(`Invalid URL (${req.method ?? 'GET'} ${req.url ?? ''})`, { code: 'invalid_url' });
  }
}
