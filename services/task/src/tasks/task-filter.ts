import type { TaskFilter__Output } from '@modelgate/contracts';
import type { CallerScope } from '@modelgate/access';
import { MAX_INT32, optionalId, optionalText } from '../listing/list-input';

/**
 * The music and lyrics tasks a listing selects, validated and scoped. Undefined fields do not
 * filter. A `self` listing always carries the caller's `userId` and never `channelId`, whatever
 * the request asked.
 */
export interface TaskCriteria {
  userId?: number;
  channelId?: number;
  taskId?: string;
  platform?: string;
  status?: string;
  action?: string;
  /** Unix seconds, inclusive. */
  start?: number;
  /** Unix seconds, inclusive. */
  end?: number;
}

/**
 * Validates a wire filter and applies the scope: users only ever select their own tasks, and the
 * admin-only channel filter is ignored for them (as the reference's own-task endpoint ignores it).
 */
export function taskCriteriaOf(filter: TaskFilter__Output | null, scope: CallerScope): TaskCriteria {
  const channelId = optionalId(filter?.channel_id, 'channel_id', MAX_INT32);
  const criteria: TaskCriteria = {
    taskId: optionalText(filter?.task_id, 'task_id'),
    platform: optionalText(filter?.platform, 'platform'),
    status: optionalText(filter?.status, 'status'),
    action: optionalText(filter?.action, 'action'),
    start: optionalId(filter?.start_timestamp, 'start_timestamp'),
    end: optionalId(filter?.end_timestamp, 'end_timestamp'),
  };
  if (scope.kind === 'self') return { ...criteria, userId: scope.userId };
  return { ...criteria, channelId };
}
