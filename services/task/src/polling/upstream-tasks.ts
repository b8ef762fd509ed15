import { type Dispatcher, request } from 'undici';
import type { PollChannel } from './channel-directory';

/** The fields of an upstream task the gateway keeps, whichever API it came from. */
export interface UpstreamTaskState {
  readonly id: string;
  readonly status: string;
  readonly progress: string;
  readonly failReason: string;
  readonly startTime: number;
  readonly finishTime: number;
  /** Drawing tasks: the image the upstream serves. */
  readonly imageUrl?: string;
  readonly promptEn?: string;
  readonly description?: string;
  /** Drawing tasks: follow-up buttons and properties, JSON text. */
  readonly buttons?: string;
  readonly properties?: string;
  /** Music tasks: the upstream's payload (clips, lyrics). */
  readonly data?: unknown;
}

/** Time one upstream fetch may take (the reference's 15 s). */
export const UPSTREAM_FETCH_TIMEOUT_MS = 15_000;

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function int(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : 0;
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

function jsonText(value: unknown): string {
  return value === undefined || value === null ? '' : JSON.stringify(value);
}

/** A Midjourney-Proxy task object read defensively (any field may be missing or mistyped). */
export function mjTaskState(value: unknown): UpstreamTaskState | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const task = value as Record<string, unknown>;
  const id = text(task.id);
  if (id === '') return undefined;
  return {
    id,
    status: text(task.status),
    progress: text(task.progress),
    failReason: text(task.failReason),
    startTime: int(task.startTime),
    finishTime: int(task.finishTime),
    imageUrl: text(task.imageUrl),
    promptEn: text(task.promptEn),
    description: text(task.description),
    buttons: jsonText(task.buttons),
    properties: jsonText(task.properties),
  };
}

/** A Suno task object read defensively; its times are seconds. */
export function sunoTaskState(value: unknown): UpstreamTaskState | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const task = value as Record<string, unknown>;
  const id = text(task.task_id);
  if (id === '') return undefined;
  return {
    id,
    status: text(task.status),
    progress: text(task.progress),
    failReason: text(task.fail_reason),
    startTime: int(task.start_time),
    finishTime: int(task.finish_time),
    data: task.data ?? null,
  };
}

async function postJson(dispatcher: Dispatcher | undefined, url: string, headers: Record<string, string>, body: unknown): Promise<unknown> {
  // Through the outbound address policy's dispatcher when given, so it applies to every poll.
  const response = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(UPSTREAM_FETCH_TIMEOUT_MS),
    ...(dispatcher ? { dispatcher } : {}),
  });
  if (response.statusCode < 200 || response.statusCode >= 300) {
    await response.body.dump();
    throw new Error(`upstream answered HTTP ${response.statusCode}`);
  }
  return (await response.body.json()) as unknown;
}

/** Fetches the states of drawing tasks from their Midjourney-Proxy (`list-by-condition`). */
export async function fetchDrawingTasks(dispatcher: Dispatcher | undefined, channel: PollChannel, ids: readonly string[]): Promise<UpstreamTaskState[]> {
  const answer = await postJson(dispatcher, `${channel.baseUrl}/mj/task/list-by-condition`, { 'mj-api-secret': channel.key }, { ids });
  if (!Array.isArray(answer)) throw new Error('upstream answered something other than a task list');
  return answer.flatMap((task) => mjTaskState(task) ?? []);
}

/** Fetches the states of music tasks from their Suno API (`/suno/fetch`). */
export async function fetchMusicTasks(dispatcher: Dispatcher | undefined, channel: PollChannel, ids: readonly string[]): Promise<UpstreamTaskState[]> {
  const answer = (await postJson(dispatcher, `${channel.baseUrl}/suno/fetch`, { authorization: `Bearer ${channel.key}` }, { ids })) as {
    code?: unknown;
    data?: unknown;
  };
  if (answer?.code !== 'success' || !Array.isArray(answer.data)) throw new Error('upstream answered no task list');
  return answer.data.flatMap((task) => sunoTaskState(task) ?? []);
}
