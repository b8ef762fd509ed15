// A fake Suno API (as gateways call it: `/suno/submit/{MUSIC|LYRICS}`, `/suno/fetch`) answering
// `{code, message, data}`; tasks advance one step per fetch.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type FakeTask, progressOf, type TaskBook } from './task-book';

/** A programmed refusal of the next Suno submission. */
export interface SunoSubmitOutcome {
  httpStatus: number;
  message: string;
}

/** State of the Suno half of the fake that tests program. */
export interface SunoFakeState {
  readonly book: TaskBook;
  readonly submitOutcomes: SunoSubmitOutcome[];
  readonly keys: ReadonlySet<string>;
}

/** A task in Suno's task shape. */
export function sunoTaskJson(task: FakeTask): Record<string, unknown> {
  const done = task.status === 'SUCCESS';
  return {
    task_id: task.id,
    action: task.action,
    status: task.status,
    fail_reason: task.failReason,
    submit_time: Math.floor(task.submitTime / 1000),
    start_time: Math.floor(task.startTime / 1000),
    finish_time: Math.floor(task.finishTime / 1000),
    progress: progressOf(task),
    data: done
      ? task.action === 'LYRICS'
        ? { id: task.id, status: 'complete', title: 'Fake lyrics', text: `[Verse]\n${task.prompt}` }
        : [{ id: `${task.id}-clip`, title: 'Fake song', status: 'complete', audio_url: `https://cdn.fake-suno.invalid/${task.id}.mp3` }]
      : null,
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
}

/** Answers a Suno path; false when the path is not one. */
export function answerSuno(req: IncomingMessage, res: ServerResponse, path: string, body: Record<string, unknown>, state: SunoFakeState): boolean {
  if (!path.startsWith('/suno/')) return false;
  const auth = req.headers.authorization ?? '';
  if (!auth.startsWith('Bearer ') || !state.keys.has(auth.slice('Bearer '.length))) {
    send(res, 401, { code: 'unauthorized', message: 'invalid api key', data: null });
    return true;
  }
  const submit = /^\/suno\/submit\/(MUSIC|LYRICS)$/i.exec(path);
  if (req.method === 'POST' && submit) {
    const outcome = state.submitOutcomes.shift();
    if (outcome) {
      send(res, outcome.httpStatus, { code: 'error', message: outcome.message, data: null });
      return true;
    }
    const action = submit[1]!.toUpperCase();
    const prompt = typeof body.prompt === 'string' ? body.prompt : typeof body.gpt_description_prompt === 'string' ? body.gpt_description_prompt : '';
    if (action === 'LYRICS' && prompt === '') {
      send(res, 400, { code: 'error', message: 'prompt is required', data: null });
      return true;
    }
    const task = state.book.create('suno', action, prompt);
    send(res, 200, { code: 'success', message: '', data: task.id });
    return true;
  }
  if (req.method === 'POST' && path === '/suno/fetch') {
    const ids = Array.isArray(body.ids) ? body.ids.filter((id): id is string => typeof id === 'string') : [];
    const tasks = ids.flatMap((id) => {
      const task = state.book.advance(id);
      return task ? [sunoTaskJson(task)] : [];
    });
    send(res, 200, { code: 'success', message: '', data: tasks });
    return true;
  }
  const one = /^\/suno\/fetch\/([^/]+)$/.exec(path);
  if (req.method === 'GET' && one) {
    const task = state.book.advance(one[1]!);
    if (!task) send(res, 404, { code: 'error', message: 'task not found', data: null });
    else send(res, 200, { code: 'success', message: '', data: sunoTaskJson(task) });
    return true;
  }
  send(res, 404, { code: 'error', message: `unknown path ${path}`, data: null });
  return true;
}
