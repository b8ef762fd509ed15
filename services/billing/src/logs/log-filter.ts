import type { LogFilter__Output } from '@modelgate/contracts';
import { type CallerScope } from '@modelgate/access';
import { LogType } from '@modelgate/db';
import { ValidationError } from '@modelgate/runtime';

/** Prefix of input-validation failures, as the console shows them. */
export const INVALID_INPUT = '输入不合法：';
/** Longest text filter accepted (the widest filtered column is 255 characters). */
const MAX_TEXT_FILTER = 255;
/** Highest log type (4, system). */
const MAX_LOG_TYPE = LogType.System;
/** Channel ids are PostgreSQL `integer`s: a larger filter could match nothing and must not reach SQL. */
const MAX_CHANNEL_ID = 2_147_483_647;

/**
 * The log rows a query selects, validated and scoped. Undefined fields do not filter. A `self`
 * query always carries the caller's `userId` and never `username` or `channelId`, whatever the
 * request asked.
 */
export interface LogCriteria {
  userId?: number;
  type?: number;
  username?: string;
  tokenName?: string;
  modelName?: string;
  /** Unix seconds, inclusive. */
  start?: number;
  /** Unix seconds, inclusive. */
  end?: number;
  channelId?: number;
  group?: string;
}

function nonNegative(value: string | number, field: string): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 0) {
    throw new ValidationError(`${INVALID_INPUT}${field} 必须是非负整数`, { code: 'invalid_filter' });
  }
  return number;
}

function text(value: string, field: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed.length > MAX_TEXT_FILTER) {
    throw new ValidationError(`${INVALID_INPUT}${field} 长度不能超过 ${MAX_TEXT_FILTER} 个字符`, { code: 'invalid_filter' });
  }
  return trimmed === '' ? undefined : trimmed;
}

/** Validates a wire filter and applies the scope: users only ever select their own rows. */
export function logCriteriaOf(filter: LogFilter__Output | null, scope: CallerScope): LogCriteria {
  const type = filter?.type ?? 0;
  if (!Number.isInteger(type) || type < 0 || type > MAX_LOG_TYPE) {
    throw new ValidationError(`${INVALID_INPUT}type 必须是 0 到 ${MAX_LOG_TYPE} 之间的整数`, { code: 'invalid_filter' });
  }
  const start = nonNegative(filter?.start_timestamp ?? 0, 'start_timestamp');
  const end = nonNegative(filter?.end_timestamp ?? 0, 'end_timestamp');
  const channelId = nonNegative(filter?.channel ?? 0, 'channel');
  if (channelId > MAX_CHANNEL_ID) {
    throw new ValidationError(`${INVALID_INPUT}channel 不能大于 ${MAX_CHANNEL_ID}`, { code: 'invalid_filter' });
  }
  const criteria: LogCriteria = {
    type: type === 0 ? undefined : type,
    tokenName: text(filter?.token_name ?? '', 'token_name'),
    modelName: text(filter?.model_name ?? '', 'model_name'),
    start: start === 0 ? undefined : start,
    end: end === 0 ? undefined : end,
    group: text(filter?.group ?? '', 'group'),
  };
  if (scope.kind === 'self') return { ...criteria, userId: scope.userId };
  return {
    ...criteria,
    username: text(filter?.username ?? '', 'username'),
    channelId: channelId === 0 ? undefined : channelId,
  };
}

/** A WHERE clause over `logs` (aliased `l`) and its parameters, numbered from `$1`. */
export interface SqlCondition {
  sql: string;
  parameters: unknown[];
}

/**
 * The WHERE clause of `criteria`, its parameters numbered from `$1 + offset`. Each filter is an
 * equality or a range on an indexed column of `logs`: every filter leads an index followed by
 * `created_at`, and a user's own rows also have (user_id, model_name | token_name | type,
 * created_at), so PostgreSQL can always read a page newest first from one index.
 */
export function whereOf(criteria: LogCriteria, offset = 0): SqlCondition {
  const parts: string[] = [];
  const parameters: unknown[] = [];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    parameters.push(value);
    parts.push(condition(`$${parameters.length + offset}`));
  };
  if (criteria.userId !== undefined) add((p) => `l.user_id = ${p}`, criteria.userId);
  if (criteria.type !== undefined) add((p) => `l.type = ${p}`, criteria.type);
  if (criteria.username !== undefined) add((p) => `l.username = ${p}`, criteria.username);
  if (criteria.tokenName !== undefined) add((p) => `l.token_name = ${p}`, criteria.tokenName);
  if (criteria.modelName !== undefined) add((p) => `l.model_name = ${p}`, criteria.modelName);
  if (criteria.start !== undefined) add((p) => `l.created_at >= ${p}`, criteria.start);
  if (criteria.end !== undefined) add((p) => `l.created_at <= ${p}`, criteria.end);
  if (criteria.channelId !== undefined) add((p) => `l.channel_id = ${p}`, criteria.channelId);
  if (criteria.group !== undefined) add((p) => `l."group" = ${p}`, criteria.group);
  return { sql: parts.length === 0 ? 'TRUE' : parts.join(' AND '), parameters };
}
