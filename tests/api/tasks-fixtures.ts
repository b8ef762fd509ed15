import type { ApiStack } from '../support/api-stack';

/** A drawing task to insert directly (test setup); what is left out takes the column default. */
export interface DrawingTaskSeed {
  userId: number;
  mjId: string;
  /** Unix milliseconds, as `midjourneys` stores it. */
  submitTime: number;
  channelId?: number;
  action?: string;
  code?: number;
  status?: string;
  progress?: string;
  prompt?: string;
  promptEn?: string;
  imageUrl?: string;
  failReason?: string;
  finishTime?: number;
  quota?: number;
}

/**
 * The fixtures' rows are listing data, not live tasks: their poll lease lies far in the future,
 * so the stack's poller never fails them (their channels do not exist) while a listing test runs.
 */
const NEVER_POLLED = '9000000000000000';

/** Inserts drawing tasks as the task service writes them, in order; returns their ids. */
export async function insertDrawingTasks(api: ApiStack, seeds: DrawingTaskSeed[]): Promise<number[]> {
  const ids: number[] = [];
  for (const seed of seeds) {
    const [row] = await api.query(
      `INSERT INTO midjourneys (user_id, mj_id, submit_time, channel_id, action, code, status, progress, prompt,
                                prompt_en, image_url, fail_reason, finish_time, quota, buttons, poll_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, '[]', ${NEVER_POLLED}) RETURNING id`,
      [
        seed.userId,
        seed.mjId,
        seed.submitTime,
        seed.channelId ?? 0,
        seed.action ?? 'IMAGINE',
        seed.code ?? 1,
        seed.status ?? 'SUBMITTED',
        seed.progress ?? '0%',
        seed.prompt ?? '',
        seed.promptEn ?? '',
        seed.imageUrl ?? '',
        seed.failReason ?? '',
        seed.finishTime ?? 0,
        seed.quota ?? 0,
      ],
    );
    ids.push(Number(row.id));
  }
  return ids;
}

/** A music or lyrics task to insert directly (test setup). */
export interface TaskSeed {
  userId: number;
  taskId: string;
  /** Unix seconds. */
  submitTime: number;
  channelId?: number;
  platform?: string;
  action?: string;
  status?: string;
  progress?: string;
  failReason?: string;
  finishTime?: number;
  quota?: number;
  properties?: unknown;
  data?: unknown;
}

/** Inserts music/lyrics tasks as the task service writes them, in order; returns their ids. */
export async function insertTasks(api: ApiStack, seeds: TaskSeed[]): Promise<number[]> {
  const ids: number[] = [];
  for (const seed of seeds) {
    const [row] = await api.query(
      `INSERT INTO tasks (user_id, task_id, submit_time, created_at, updated_at, channel_id, platform, action, status,
                          progress, fail_reason, finish_time, quota, properties, data, poll_at)
       VALUES ($1, $2, $3, $3, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, ${NEVER_POLLED}) RETURNING id`,
      [
        seed.userId,
        seed.taskId,
        seed.submitTime,
        seed.channelId ?? 0,
        seed.platform ?? 'suno',
        seed.action ?? 'MUSIC',
        seed.status ?? 'NOT_START',
        seed.progress ?? '0%',
        seed.failReason ?? '',
        seed.finishTime ?? 0,
        seed.quota ?? 0,
        seed.properties === undefined ? null : JSON.stringify(seed.properties),
        seed.data === undefined ? null : JSON.stringify(seed.data),
      ],
    );
    ids.push(Number(row.id));
  }
  return ids;
}
