import type { DrawingTask } from '@modelgate/contracts';
import { type CallerScope } from '@modelgate/access';
import { MidjourneyEntity } from '@modelgate/db';
import type { DataSource } from 'typeorm';
import type { Paging } from '../listing/list-input';
import type { DrawingTaskCriteria } from './drawing-task-filter';

/**
 * One page of the drawing tasks `criteria` selects, newest submission first (row id descending:
 * ids are assigned when a task is submitted). Every filter is an equality or a range on an
 * indexed column of `midjourneys` (user_id, channel_id, mj_id, submit_time), so PostgreSQL can
 * always start from an index.
 */
export async function listDrawingTasks(
  dataSource: DataSource,
  scope: CallerScope,
  criteria: DrawingTaskCriteria,
  paging: Paging,
): Promise<DrawingTask[]> {
  const query = dataSource.getRepository(MidjourneyEntity).createQueryBuilder('m');
  if (criteria.userId !== undefined) query.andWhere('m.user_id = :userId', { userId: criteria.userId });
  if (criteria.channelId !== undefined) query.andWhere('m.channel_id = :channelId', { channelId: criteria.channelId });
  if (criteria.mjId !== undefined) query.andWhere('m.mj_id = :mjId', { mjId: criteria.mjId });
  if (criteria.startMs !== undefined) query.andWhere('m.submit_time >= :startMs', { startMs: criteria.startMs });
  if (criteria.endMs !== undefined) query.andWhere('m.submit_time <= :endMs', { endMs: criteria.endMs });
  const rows = await query
    .orderBy('m.id', 'DESC')
    .limit(paging.pageSize)
    .offset(paging.page * paging.pageSize)
    .getMany();
  return rows.map((row) => drawingTaskOf(row, scope.kind));
}

/** The wire form of a drawing task; in the `self` view the channel it went through is left out (0). */
export function drawingTaskOf(row: MidjourneyEntity, view: CallerScope['kind']): DrawingTask {
  return {
    id: row.id,
    code: row.code,
    user_id: row.user_id,
    action: row.action,
    mj_id: row.mj_id,
    prompt: row.prompt,
    prompt_en: row.prompt_en,
    description: row.description,
    state: row.state,
    submit_time: row.submit_time,
    start_time: row.start_time,
    finish_time: row.finish_time,
    image_url: row.image_url,
    status: row.status,
    progress: row.progress,
    fail_reason: row.fail_reason,
    channel_id: view === 'admin' ? row.channel_id : 0,
    quota: row.quota,
    buttons: row.buttons,
    properties: row.properties,
  };
}
