/**
 * The two task tables as the poller sees them: drawing tasks (`midjourneys`, times in unix ms,
 * upstream id `mj_id`, Midjourney-Proxy channels) and music/lyrics tasks (`tasks`, times in unix
 * seconds, upstream id `task_id`, Suno channels). Everything else about polling is shared.
 */
export type TaskKind = 'midjourney' | 'suno';

export interface TaskTable {
  readonly kind: TaskKind;
  readonly table: 'midjourneys' | 'tasks';
  /** The upstream id column. */
  readonly idColumn: 'mj_id' | 'task_id';
  /** Milliseconds per unit of the table's time columns. */
  readonly timeUnitMs: number;
  /** What the refund log says the task was. */
  readonly noun: string;
}

export const DRAWING_TABLE: TaskTable = { kind: 'midjourney', table: 'midjourneys', idColumn: 'mj_id', timeUnitMs: 1, noun: 'Drawing task' };
export const MUSIC_TABLE: TaskTable = { kind: 'suno', table: 'tasks', idColumn: 'task_id', timeUnitMs: 1000, noun: 'Music task' };

/** Statuses after which a task never changes again (and is never polled). */
export const FINAL_STATUSES = ['SUCCESS', 'FAILURE'] as const;

/** A task row as the poller reads it (both tables, common columns). */
export interface PolledRow {
  id: number;
  upstream_id: string;
  user_id: number;
  token_id: number;
  channel_id: number;
  quota: string | number;
  request_id: string;
  group: string;
  model_name: string;
  status: string;
  progress: string;
  fail_reason: string;
  submit_time: string | number;
  start_time: string | number;
  finish_time: string | number;
  /** Drawing tasks only. */
  image_url?: string;
  prompt_en?: string;
  description?: string;
  buttons?: string;
  properties?: string;
  /** Music tasks only. */
  data?: unknown;
}

/** The columns the poller selects from a table, the upstream id as `upstream_id`. */
export function polledColumns(table: TaskTable, alias = ''): string {
  const p = alias ? `${alias}.` : '';
  const common = `${p}id, ${p}${table.idColumn} AS upstream_id, ${p}user_id, ${p}token_id, ${p}channel_id, ${p}quota, ${p}request_id, ${p}"group", ${p}model_name, ${p}status, ${p}progress, ${p}fail_reason, ${p}submit_time, ${p}start_time, ${p}finish_time`;
  return table.kind === 'midjourney'
    ? `${common}, ${p}image_url, ${p}prompt_en, ${p}description, ${p}buttons, ${p}properties`
    : `${common}, ${p}data`;
}
