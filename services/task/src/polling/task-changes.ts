import type { MessageBus } from '@modelgate/contracts/bus';
import type { Logger } from '@modelgate/runtime';
import { refundLogOther } from '@modelgate/contracts';
import type { DataSource } from 'typeorm';
import type { UpstreamTaskState } from './upstream-tasks';
import { FINAL_STATUSES, type PolledRow, type TaskTable } from './task-tables';

const FINAL_SQL = FINAL_STATUSES.map((status) => `'${status}'`).join(', ');

/** Column values a change writes. */
type Changes = Record<string, string | number | boolean | null>;

function num(value: string | number): number {
  return typeof value === 'number' ? value : Number(value);
}

/**
 * What an upstream's answer changes in a stored task, or undefined when nothing changed. Empty
 * upstream fields keep the stored ones. A failure reason on an unfinished task, or the status
 * FAILURE, fails it; a failed or succeeded task is at 100% and gets a finish time.
 */
export function changesOf(table: TaskTable, row: PolledRow, state: UpstreamTaskState, nowMs: number): Changes | undefined {
  const next: Changes = {};
  let status = state.status || row.status;
  let progress = state.progress || row.progress;
  const failReason = state.failReason || row.fail_reason;
  if (status === 'FAILURE' || (failReason !== '' && progress !== '100%' && status !== 'SUCCESS')) {
    status = 'FAILURE';
    progress = '100%';
  } else if (status === 'SUCCESS') {
    progress = '100%';
  }
  if (status !== row.status) next.status = status;
  if (progress !== row.progress) next.progress = progress;
  if (failReason !== row.fail_reason) next.fail_reason = failReason;
  const start = state.startTime > 0 ? toUnit(table, state.startTime, table.kind === 'midjourney' ? 1 : 1000) : 0;
  if (start > 0 && start !== num(row.start_time)) next.start_time = start;
  const final = status === 'SUCCESS' || status === 'FAILURE';
  if (final && num(row.finish_time) === 0) {
    const upstreamFinish = state.finishTime > 0 ? toUnit(table, state.finishTime, table.kind === 'midjourney' ? 1 : 1000) : 0;
    next.finish_time = upstreamFinish > 0 ? upstreamFinish : Math.floor(nowMs / table.timeUnitMs);
  }
  if (table.kind === 'midjourney') {
    for (const [column, value] of [
      ['image_url', state.imageUrl],
      ['prompt_en', state.promptEn],
      ['description', state.description],
      ['buttons', state.buttons],
      ['properties', state.properties],
    ] as const) {
      if (value && value !== row[column]) next[column] = value;
    }
  } else if (state.data !== undefined && state.data !== null && JSON.stringify(state.data) !== JSON.stringify(row.data ?? null)) {
    next.data = JSON.stringify(state.data);
  }
  return Object.keys(next).length > 0 ? next : undefined;
}

/** A time the upstream gave (in `fromUnitMs`) in the table's unit. */
function toUnit(table: TaskTable, value: number, fromUnitMs: number): number {
  return Math.floor((value * fromUnitMs) / table.timeUnitMs);
}

/** What a task's refund and change events need. */
export interface ChangeSink {
  readonly dataSource: DataSource;
  readonly bus: MessageBus;
  readonly logger: Logger;
}

/** Runs SQL: the data source, or the entity manager of a transaction. */
export interface Queryable {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/** A change written: what {@link afterChange} needs once it is committed. */
export interface WrittenChange {
  readonly row: PolledRow;
  readonly changes: Changes;
}

/**
 * Writes a change to an unfinished task. The `UPDATE` only matches while the task is unfinished,
 * so of a callback and a poll (or two replicas) racing to finish one task exactly one finishes
 * it, and only that one goes on to {@link afterChange} (its event and refund). Returns whether it wrote.
 */
export async function writeChange(runner: Queryable, table: TaskTable, row: PolledRow, changes: Changes): Promise<boolean> {
  const columns = Object.keys(changes);
  const assignments = columns.map((column, index) => `"${column}" = $${index + 2}`);
  if (table.kind === 'suno') assignments.push(`updated_at = ${Math.floor(Date.now() / 1000)}`);
  const values = columns.map((column) => changes[column]);
  const result = (await runner.query(
    `UPDATE ${table.table} SET ${assignments.join(', ')} WHERE id = $1 AND status NOT IN (${FINAL_SQL}) RETURNING id`,
    [row.id, ...values],
  )) as [Array<{ id: number }>, number];
  return result[0].length > 0;
}

/** Writes one change on its own (callbacks, gateway failures), then publishes it and refunds a failure. */
export async function applyChange(sink: ChangeSink, table: TaskTable, row: PolledRow, changes: Changes): Promise<boolean> {
  if (!(await writeChange(sink.dataSource, table, row, changes))) return false;
  await afterChange(sink, table, { row, changes });
  return true;
}

/** After a change committed: publishes `task.changed`, and sends a failed task's refund. */
export async function afterChange(sink: ChangeSink, table: TaskTable, { row, changes }: WrittenChange): Promise<void> {
  const status = (changes.status as string | undefined) ?? row.status;
  const progress = (changes.progress as string | undefined) ?? row.progress;
  publishChanged(sink, table, row, status, progress);
  if (status === 'FAILURE' && num(row.quota) > 0 && row.request_id !== '') {
    await sendRefund(sink, table, { ...row, fail_reason: (changes.fail_reason as string | undefined) ?? row.fail_reason });
  }
}

/** Fails an unfinished task for a reason of the gateway's own (timeout, channel deleted, no id). */
export function failTask(sink: ChangeSink, table: TaskTable, row: PolledRow, reason: string, nowMs: number): Promise<boolean> {
  return applyChange(sink, table, row, {
    status: 'FAILURE',
    progress: '100%',
    fail_reason: reason,
    finish_time: Math.floor(nowMs / table.timeUnitMs),
  });
}

function publishChanged(sink: ChangeSink, table: TaskTable, row: PolledRow, status: string, progress: string): void {
  sink.bus
    .publish('modelgate.evt.task.task.changed', { kind: table.kind, id: row.id, taskId: row.upstream_id, userId: row.user_id, status, progress })
    .catch((err: unknown) => sink.logger.warn({ err, task: row.id }, 'task change event not published'));
}

/**
 * Puts a failed task's refund on the bus (billing applies it once, by `refund:<request id>`,
 * after the request's own settlement) and marks it sent. A crash between the two sends it again
 * from {@link resendRefunds}; billing ignores the second.
 */
export async function sendRefund(sink: ChangeSink, table: TaskTable, row: PolledRow): Promise<void> {
  const quota = num(row.quota);
  await sink.bus.enqueue('modelgate.cmd.billing.usage.refund', {
    refundId: `refund:${row.request_id}`,
    requestId: row.request_id,
    userId: row.user_id,
    tokenId: row.token_id,
    channelId: row.channel_id,
    model: row.model_name,
    group: row.group,
    quota,
    content: `${table.noun} ${row.upstream_id} failed${row.fail_reason ? ` (${row.fail_reason.slice(0, 300)})` : ''}; refunded in full`,
    other: refundLogOther({ task: table.kind, upstream_id: row.upstream_id, ...(row.fail_reason ? { reason: row.fail_reason.slice(0, 300) } : {}) }),
    createdAt: Math.floor(Date.now() / 1000),
  });
  await sink.dataSource.query(`UPDATE ${table.table} SET refund_sent = true WHERE id = $1`, [row.id]);
}

/** Sends the refunds of failed tasks whose refund is not yet marked sent (at most `limit`). */
export async function resendRefunds(sink: ChangeSink, table: TaskTable, columns: string, limit = 100): Promise<number> {
  const rows = (await sink.dataSource.query(
    `SELECT ${columns} FROM ${table.table} WHERE status = 'FAILURE' AND NOT refund_sent AND quota > 0 AND request_id <> '' ORDER BY id LIMIT $1`,
    [limit],
  )) as PolledRow[];
  for (const row of rows) await sendRefund(sink, table, row);
  return rows.length;
}
