import type { Task } from '@modelgate/contracts';
import { type CallerScope } from '@modelgate/access';
import { TaskEntity } from '@modelgate/db';
import type { DataSource } from 'typeorm';
import type { Paging } from '../listing/list-input';
import type { TaskCriteria } from './task-filter';

/**
 * One page of the music and lyrics tasks `criteria` selects, newest submission first (row id
 * descending: ids are assigned when a task is submitted). The filters that narrow a listing
 * (user_id, channel_id, task_id, status, action, submit_time) are each served by an index of
 * `tasks`; `platform` only ever narrows further (every task is `suno` today).
 */
export async function listTasks(dataSource: DataSource, scope: CallerScope, criteria: TaskCriteria, paging: Paging): Promise<Task[]> {
  const query = dataSource.getRepository(TaskEntity).createQueryBuilder('t');
  if (criteria.userId !== undefined) query.andWhere('t.user_id = :userId', { userId: criteria.userId });
  if (criteria.channelId !== undefined) query.andWhere('t.channel_id = :channelId', { channelId: criteria.channelId });
  if (criteria.taskId !== undefined) query.andWhere('t.task_id = :taskId', { taskId: criteria.taskId });
  if (criteria.platform !== undefined) query.andWhere('t.platform = :platform', { platform: criteria.platform });
  if (criteria.status !== undefined) query.andWhere('t.status = :status', { status: criteria.status });
  if (criteria.action !== undefined) query.andWhere('t.action = :action', { action: criteria.action });
  if (criteria.start !== undefined) query.andWhere('t.submit_time >= :start', { start: criteria.start });
  if (criteria.end !== undefined) query.andWhere('t.submit_time <= :end', { end: criteria.end });
  const rows = await query
    .orderBy('t.id', 'DESC')
    .limit(paging.pageSize)
    .offset(paging.page * paging.pageSize)
    .getMany();
  return rows.map((row) => taskOf(row, scope.kind));
}

/** JSON text of a stored JSON value; empty when none is stored. */
function jsonText(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value);
}

/**
 * The wire form of a task. In the `self` view (a user's own listing) the channel it went through
 * is left out (0); the `admin` view, also used between services, shows it.
 */
export function taskOf(row: TaskEntity, view: CallerScope['kind']): Task {
  return {
    id: row.id,
    task_id: row.task_id,
    platform: row.platform,
    user_id: row.user_id,
    channel_id: view === 'admin' ? row.channel_id : 0,
    action: row.action,
    status: row.status,
    progress: row.progress,
    fail_reason: row.fail_reason,
    submit_time: row.submit_time,
    finish_time: row.finish_time,
    quota: row.quota,
    start_time: row.start_time,
    created_at: row.created_at,
    updated_at: row.updated_at,
    properties_json: jsonText(row.properties),
    data_json: jsonText(row.data),
  };
}
