import type { DrawingTaskFilter__Output } from '@modelgate/contracts';
import type { CallerScope } from '@modelgate/access';
import { MAX_INT32, optionalId, optionalText } from '../listing/list-input';

/**
 * The smallest time filter read as Unix milliseconds: 10^11 seconds is beyond the year 5000,
 * while 10^11 milliseconds is in 1973, before any task. Consoles written for the reference
 * implementation send milliseconds for drawing tasks; the product's own console sends seconds.
 */
export const MILLISECONDS_FROM = 100_000_000_000;

/**
 * The drawing tasks a listing selects, validated and scoped. Undefined fields do not filter.
 * Times are Unix milliseconds, as `midjourneys` stores them. A `self` listing always carries the
 * caller's `userId` and never `channelId`, whatever the request asked.
 */
export interface DrawingTaskCriteria {
  userId?: number;
  channelId?: number;
  mjId?: string;
  /** Unix milliseconds, inclusive. */
  startMs?: number;
  /** Unix milliseconds, inclusive. */
  endMs?: number;
}

/** A filter instant as Unix milliseconds; a value given in seconds covers its whole second. */
export function filterMilliseconds(value: number | undefined, edge: 'start' | 'end'): number | undefined {
  if (value === undefined) return undefined;
  if (value >= MILLISECONDS_FROM) return value;
  return edge === 'start' ? value * 1000 : value * 1000 + 999;
}

/**
 * Validates a wire filter and applies the scope: users only ever select their own tasks, and the
 * admin-only channel filter is ignored for them (as the reference's own-task endpoint ignores it).
 */
export function drawingTaskCriteriaOf(filter: DrawingTaskFilter__Output | null, scope: CallerScope): DrawingTaskCriteria {
  const channelId = optionalId(filter?.channel_id, 'channel_id', MAX_INT32);
  const criteria: DrawingTaskCriteria = {
    mjId: optionalText(filter?.mj_id, 'mj_id'),
    startMs: filterMilliseconds(optionalId(filter?.start_timestamp, 'start_timestamp'), 'start'),
    endMs: filterMilliseconds(optionalId(filter?.end_timestamp, 'end_timestamp'), 'end'),
  };
  if (scope.kind === 'self') return { ...criteria, userId: scope.userId };
  return { ...criteria, channelId };
}
