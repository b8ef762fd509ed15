import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DrawingTask__Output } from '@modelgate/contracts';
import { NotFoundError, PermissionDeniedError, UnavailableError, ValidationError } from '@modelgate/runtime';
import { readRequestBody } from '../http/request-body';
import { clearModeFlags, type MjSubmission, parseMjSubmission } from './mj-actions';
import { mjTaskWire } from './mj-wire';
import { streamTaskImage } from './image-proxy';
import { settleTask, type TaskPayer } from './task-billing';
import { type DrawingSwitches, drawingSwitches, type TaskEndpointDeps } from './task-deps';
import { sendTaskJson, UpstreamTaskRefusal } from './task-errors';
import type { TaskRoute } from './task-routes';
import {
  authenticateTaskCall,
  MJ_CHANNEL_TYPES,
  originalChannel,
  parseJsonObject,
  pickTaskChannel,
  priceAndReserve,
  readTaskBody,
  upstreamOf,
} from './task-submission';
import { callTaskUpstream } from './task-upstream';

/** Midjourney-Proxy codes of an accepted submission: submitted, already exists, queued. */
const ACCEPTED_CODES = new Set([1, 21, 22]);
/** Midjourney-Proxy's "no account available": the channel cannot serve anything now. */
const NO_ACCOUNT_CODE = 3;
/** Most ids one `list-by-condition` takes. */
const MAX_LIST_IDS = 100;

function drawingEnabled(switches: DrawingSwitches): void {
  if (!switches.drawingEnabled) throw new PermissionDeniedError('drawing is turned off by the administrator', { code: 'drawing_disabled' });
}

/** The caller's own drawing task with that upstream id; `task_not_found` for anyone else's. */
async function ownDrawingTask(deps: TaskEndpointDeps, userId: number, mjId: string): Promise<DrawingTask__Output> {
  const { items } = await deps.tasks.call('FindDrawingTasks', { mj_ids: [mjId], user_id: userId });
  const task = items[0];
  if (!task) throw new NotFoundError(`task ${mjId} not found`, { code: 'task_not_found' });
  return task;
}

/** The body sent upstream, after the option switches (the reference's rewriting). */
function upstreamBody(body: Record<string, unknown>, submission: MjSubmission, switches: DrawingSwitches): Record<string, unknown> {
  const next: Record<string, unknown> = { ...body };
  if (!switches.accountFilter) delete next.accountFilter;
  if (!switches.notify) delete next.notifyHook;
  if (switches.modeClear && typeof next.prompt === 'string') next.prompt = clearModeFlags(next.prompt);
  if (submission.submitAction === 'SIMPLE_CHANGE' && typeof next.content === 'string') next.content = next.content.trim();
  return next;
}

/** A Midjourney-Proxy submit answer read defensively. */
function submitAnswerOf(json: unknown): { code: number; description: string; result: string; properties: Record<string, unknown> } | undefined {
  if (json === null || typeof json !== 'object') return undefined;
  const answer = json as Record<string, unknown>;
  if (typeof answer.code !== 'number') return undefined;
  const result = typeof answer.result === 'string' || typeof answer.result === 'number' ? String(answer.result) : '';
  const properties = answer.properties !== null && typeof answer.properties === 'object' ? (answer.properties as Record<string, unknown>) : {};
  return { code: answer.code, description: typeof answer.description === 'string' ? answer.description : '', result, properties };
}

/**
 * A drawing submission: authenticate, validate, choose the channel (a follow-up goes to its
 * original task's channel, and only on the caller's own task), price and reserve, call the
 * upstream; on acceptance record the task with the task service and settle its price; on any
 * refusal or failure give the reservation back, so nothing is charged.
 */
async function submitDrawing(req: IncomingMessage, res: ServerResponse, route: Extract<TaskRoute, { kind: 'mj-submit' }>, requestId: string, deps: TaskEndpointDeps): Promise<void> {
  const startedAt = Date.now();
  const switches = drawingSwitches(deps);
  drawingEnabled(switches);
  const payer = await authenticateTaskCall(req, req.url ?? '/mj', deps);
  const body = await readTaskBody(req, payer, deps);
  const submission = parseMjSubmission(route.action, body);
  let channel;
  if (submission.followUpOf !== undefined) {
    const original = await ownDrawingTask(deps, payer.user.id, submission.followUpOf);
    if (switches.actionCheckSuccess && submission.submitAction !== 'MODAL' && original.status !== 'SUCCESS') {
      throw new ValidationError(`task ${original.mj_id} has not succeeded (status ${original.status || 'unknown'})`, { code: 'task_status_not_success' });
    }
    channel = originalChannel(deps, payer, submission.model, Number(original.channel_id));
  } else {
    channel = pickTaskChannel(deps, payer, submission.model, MJ_CHANNEL_TYPES);
  }
  const { baseUrl, key } = upstreamOf(channel);
  const { price, admission } = await priceAndReserve(deps, requestId, payer, submission.model);
  const refund = () => deps.admitter.refund(requestId, admission);
  let answer;
  try {
    answer = await callTaskUpstream(deps.upstream, {
      url: `${baseUrl}/mj${route.suffix}`,
      method: 'POST',
      headers: { 'mj-api-secret': key },
      body: upstreamBody(body, submission, switches),
    });
  } catch (error) {
    await refund();
    throw error;
  }
  const accepted = submitAnswerOf(answer.json);
  if (answer.status !== 200 || !accepted || !ACCEPTED_CODES.has(accepted.code) || accepted.result === '') {
    await refund();
    if (accepted?.code === NO_ACCOUNT_CODE && channel.autoBan && deps.options.autoDisable().enabled) {
      deps.disabler.disable(channel.id, `Midjourney-Proxy has no account available: ${accepted.description}`).catch((err: unknown) => deps.logger.warn({ err }, 'channel not disabled'));
    }
    throw new UpstreamTaskRefusal(answer.status >= 400 && answer.status < 500 ? answer.status : answer.status === 200 ? 200 : 502, {
      code: accepted?.code ?? 9,
      description: accepted?.description || `the upstream answered HTTP ${answer.status} without a task`,
      result: null,
      properties: accepted?.properties ?? {},
    });
  }
  const existingDone = accepted.code === 21 && accepted.properties.status === 'SUCCESS';
  const done = existingDone || submission.submitAction === 'UPLOAD';
  const now = Date.now();
  try {
    await recordDrawing(deps, requestId, payer, {
      code: accepted.code,
      action: submission.action,
      mjId: accepted.result,
      prompt: submission.prompt,
      channelId: channel.id,
      quota: price.quota,
      model: submission.model,
      status: done ? 'SUCCESS' : 'SUBMITTED',
      progress: done ? '100%' : '0%',
      imageUrl: existingDone && typeof accepted.properties.imageUrl === 'string' ? accepted.properties.imageUrl : '',
      submitTime: now,
      finishTime: done ? now : 0,
    });
  } catch (error) {
    await refund();
    throw new UnavailableError('the task could not be recorded; nothing was charged', { code: 'task_not_recorded', cause: error });
  }
  settleTask(deps, { requestId, payer, channelId: channel.id, model: submission.model, price, admission, startedAt, taskId: accepted.result, action: submission.action });
  // Clients of the reference read 21 (exists) and 22 (queued) as submitted.
  sendTaskJson(res, 200, { code: 1, description: accepted.description || 'Submit success', result: accepted.result, properties: accepted.properties });
}

async function recordDrawing(
  deps: TaskEndpointDeps,
  requestId: string,
  payer: TaskPayer,
  task: { code: number; action: string; mjId: string; prompt: string; channelId: number; quota: number; model: string; status: string; progress: string; imageUrl: string; submitTime: number; finishTime: number },
): Promise<void> {
  await deps.tasks.call('RecordDrawingTask', {
    task: {
      code: task.code,
      user_id: payer.user.id,
      action: task.action,
      mj_id: task.mjId,
      prompt: task.prompt,
      submit_time: task.submitTime,
      finish_time: task.finishTime,
      image_url: task.imageUrl,
      status: task.status,
      progress: task.progress,
      channel_id: task.channelId,
      quota: task.quota,
    },
    billing: { request_id: requestId, token_id: payer.token.id, group: payer.group, model_name: task.model },
  });
}

/** Serves one Midjourney-Proxy route. */
export async function serveMidjourney(req: IncomingMessage, res: ServerResponse, route: TaskRoute, requestId: string, deps: TaskEndpointDeps): Promise<void> {
  switch (route.kind) {
    case 'mj-submit':
      return submitDrawing(req, res, route, requestId, deps);
    case 'mj-fetch': {
      req.resume();
      const switches = drawingSwitches(deps);
      const payer = await authenticateTaskCall(req, req.url ?? '/mj', deps);
      return sendTaskJson(res, 200, mjTaskWire(await ownDrawingTask(deps, payer.user.id, route.id), switches));
    }
    case 'mj-list': {
      const switches = drawingSwitches(deps);
      const payer = await authenticateTaskCall(req, req.url ?? '/mj', deps);
      const body = parseJsonObject(await readRequestBody(req, 1024 * 1024));
      const ids = body.ids;
      if (!Array.isArray(ids) || ids.length > MAX_LIST_IDS || !ids.every((id) => typeof id === 'string')) {
        throw new ValidationError(`ids must be a list of at most ${MAX_LIST_IDS} task ids`, { code: 'invalid_ids' });
      }
      const { items } = ids.length === 0 ? { items: [] } : await deps.tasks.call('FindDrawingTasks', { mj_ids: ids as string[], user_id: payer.user.id });
      return sendTaskJson(res, 200, items.map((task) => mjTaskWire(task, switches)));
    }
    case 'mj-image-seed': {
      req.resume();
      const payer = await authenticateTaskCall(req, req.url ?? '/mj', deps);
      const task = await ownDrawingTask(deps, payer.user.id, route.id);
      const channel = deps.channels.snapshot().channel(Number(task.channel_id));
      if (!channel) throw new UnavailableError('the channel of the task no longer exists', { code: 'channel_not_found' });
      const { baseUrl, key } = upstreamOf(channel);
      const answer = await callTaskUpstream(deps.upstream, {
        url: `${baseUrl}/mj/task/${encodeURIComponent(route.id)}/image-seed`,
        method: 'GET',
        headers: { 'mj-api-secret': key },
      });
      if (answer.json === undefined) throw new UnavailableError('the upstream answered no image seed', { code: 'upstream_invalid_answer' });
      return sendTaskJson(res, answer.status === 200 ? 200 : 502, answer.json);
    }
    case 'mj-notify': {
      // Anyone can reach the callback, so its body is only a hint: the task service asks the
      // task's upstream and applies what the upstream says.
      const body = parseJsonObject(await readRequestBody(req, 1024 * 1024));
      const id = typeof body.id === 'string' || typeof body.id === 'number' ? String(body.id) : '';
      if (id === '') throw new ValidationError('id is required', { code: 'id_required' });
      const { changed } = await deps.tasks.call('RefreshDrawingTask', { mj_id: id });
      return sendTaskJson(res, 200, { code: 1, description: changed ? 'updated' : 'unchanged', result: id, properties: {} });
    }
    case 'mj-image': {
      req.resume();
      const switches = drawingSwitches(deps);
      if (!switches.forwardUrl) throw new NotFoundError('images are not forwarded by this gateway', { code: 'image_not_found' });
      const { items } = await deps.tasks.call('FindDrawingTasks', { mj_ids: [route.id], user_id: 0 });
      const task = items[0];
      if (!task || task.image_url === '') throw new NotFoundError('the task has no image', { code: 'image_not_found' });
      return streamTaskImage(res, deps.upstream, task.image_url);
    }
    default:
      req.resume();
      throw new NotFoundError(`Invalid URL (${req.method ?? 'GET'} ${req.url ?? ''})`, { code: 'invalid_url' });
  }
}
