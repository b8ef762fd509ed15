// A fake Midjourney-Proxy(-Plus) API: submissions answer `{code, description, result,
// properties}`, tasks advance one step per fetch, images are served from `/images/{id}.png`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type FakeTask, progressOf, type TaskBook } from './task-book';

/** A programmed answer to the next submission (codes 21, 22, 3, 4 …; 1 is the default). */
export interface MjSubmitOutcome {
  code: number;
  description?: string;
  /** Code 21: the existing task's status (`SUCCESS` fills its image). */
  status?: string;
  /** HTTP status of the answer (default 200). */
  httpStatus?: number;
}

/** Submit paths of Midjourney-Proxy and the action each is. */
export const MJ_SUBMIT_PATHS: Readonly<Record<string, string>> = {
  '/mj/submit/imagine': 'IMAGINE',
  '/mj/submit/describe': 'DESCRIBE',
  '/mj/submit/blend': 'BLEND',
  '/mj/submit/shorten': 'SHORTEN',
  '/mj/submit/upload-discord-images': 'UPLOAD',
  '/mj/submit/change': 'CHANGE',
  '/mj/submit/simple-change': 'SIMPLE_CHANGE',
  '/mj/submit/modal': 'MODAL',
  '/mj/submit/action': 'ACTION',
  '/mj/insight-face/swap': 'SWAP_FACE',
};

/** A task in Midjourney-Proxy's task shape. */
export function mjTaskJson(task: FakeTask): Record<string, unknown> {
  return {
    id: task.id,
    action: task.action,
    prompt: task.prompt,
    promptEn: task.prompt,
    description: '/imagine ' + task.prompt,
    state: '',
    submitTime: task.submitTime,
    startTime: task.startTime,
    finishTime: task.finishTime,
    imageUrl: task.imageUrl,
    status: task.status,
    progress: progressOf(task),
    failReason: task.failReason,
    buttons: task.status === 'SUCCESS' ? [{ customId: `MJ::JOB::upsample::1::${task.id}`, label: 'U1', type: 2, style: 2, emoji: '' }] : [],
    properties: { finalPrompt: task.prompt },
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
}

/** A 1×1 PNG, the image every finished task has unless a test sets `imageBytes`. */
export const FAKE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** State of the Midjourney half of the fake that tests program. */
export interface MjFakeState {
  readonly book: TaskBook;
  readonly submitOutcomes: MjSubmitOutcome[];
  /** The bytes `/images/{id}.png` answers (default {@link FAKE_PNG}). */
  imageBytes: Buffer;
  readonly secrets: ReadonlySet<string>;
}

/** Answers a Midjourney-Proxy path; false when the path is not one. */
export function answerMidjourney(req: IncomingMessage, res: ServerResponse, path: string, body: Record<string, unknown>, state: MjFakeState): boolean {
  if (req.method === 'GET' && /^\/images\/[^/]+\.png$/.test(path)) {
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': state.imageBytes.length }).end(state.imageBytes);
    return true;
  }
  if (!path.startsWith('/mj/')) return false;
  const secret = req.headers['mj-api-secret'];
  if (typeof secret !== 'string' || !state.secrets.has(secret)) {
    send(res, 401, { code: 401, description: 'mj-api-secret is missing or wrong', result: null, properties: {} });
    return true;
  }
  const action = req.method === 'POST' ? MJ_SUBMIT_PATHS[path] : undefined;
  if (action) {
    submit(res, action, body, state);
    return true;
  }
  if (req.method === 'POST' && path === '/mj/task/list-by-condition') {
    const ids = Array.isArray(body.ids) ? body.ids.filter((id): id is string => typeof id === 'string') : [];
    const tasks = ids.flatMap((id) => {
      const task = state.book.advance(id);
      return task ? [mjTaskJson(task)] : [];
    });
    send(res, 200, tasks);
    return true;
  }
  const fetchMatch = /^\/mj\/task\/([^/]+)\/fetch$/.exec(path);
  if (req.method === 'GET' && fetchMatch) {
    const task = state.book.advance(fetchMatch[1]!);
    if (!task) send(res, 404, { code: 4, description: 'task not found', result: null, properties: {} });
    else send(res, 200, mjTaskJson(task));
    return true;
  }
  const seedMatch = /^\/mj\/task\/([^/]+)\/image-seed$/.exec(path);
  if (req.method === 'GET' && seedMatch) {
    const task = state.book.tasks.get(seedMatch[1]!);
    if (!task) send(res, 404, { code: 4, description: 'task not found', result: null, properties: {} });
    else send(res, 200, { code: 1, description: 'Success', result: '1234567890', properties: {} });
    return true;
  }
  send(res, 404, { code: 4, description: `unknown path ${path}`, result: null, properties: {} });
  return true;
}

function submit(res: ServerResponse, action: string, body: Record<string, unknown>, state: MjFakeState): void {
  const outcome = state.submitOutcomes.shift() ?? { code: 1 };
  if (outcome.code !== 1 && outcome.code !== 21 && outcome.code !== 22) {
    send(res, outcome.httpStatus ?? 200, { code: outcome.code, description: outcome.description ?? 'Submission failed', result: null, properties: {} });
    return;
  }
  if (action === 'IMAGINE' && (typeof body.prompt !== 'string' || body.prompt === '')) {
    send(res, 400, { code: 4, description: 'prompt is required', result: null, properties: {} });
    return;
  }
  const prompt = typeof body.prompt === 'string' ? body.prompt : typeof body.content === 'string' ? body.content : '';
  const notifyHook = typeof body.notifyHook === 'string' && body.notifyHook !== '' ? body.notifyHook : undefined;
  const task = state.book.create('mj', action, prompt, notifyHook);
  if (outcome.code === 21 && outcome.status === 'SUCCESS') state.book.finish(task.id);
  const description = outcome.description ?? (outcome.code === 1 ? 'Submit success' : outcome.code === 21 ? 'Task already exists' : 'Queued');
  send(res, outcome.httpStatus ?? 200, {
    code: outcome.code,
    description,
    result: task.id,
    properties: outcome.code === 21 ? { status: task.status, imageUrl: task.imageUrl } : { numberOfQueues: outcome.code === 22 ? 1 : 0 },
  });
}
