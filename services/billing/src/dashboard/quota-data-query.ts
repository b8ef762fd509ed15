import type { ListQuotaDataRequest__Output } from '@modelgate/contracts';
import { ValidationError } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';
import type { CallerScope } from '@modelgate/access';
import { INVALID_INPUT } from '../logs/log-filter';
import { nowSeconds } from '../usage/sql';

/** Bucket sizes of the dashboard (the `DataExportDefaultTime` choices). */
export type Granularity = 'hour' | 'day' | 'week';

/** Longest span a user may ask for about their own usage (the reference's 30 days). */
export const MAX_SELF_SPAN_SECONDS = 30 * 86_400;
/** The reference's refusal of a longer span. */
export const SPAN_TOO_LONG = '时间跨度不能超过 1 个月';
/** Span covered when the request names no start: the longest a user may ask for. */
const DEFAULT_SPAN_SECONDS = MAX_SELF_SPAN_SECONDS;

/**
 * Length and offset of each bucket, in seconds. Days are UTC days; weeks start on Monday 00:00
 * UTC, four days after the epoch (a Thursday).
 */
const BUCKETS: Record<Granularity, { size: number; offset: number }> = {
  hour: { size: 3_600, offset: 0 },
  day: { size: 86_400, offset: 0 },
  week: { size: 604_800, offset: 4 * 86_400 },
};

/** What a dashboard query reads, validated. */
export interface QuotaDataQuery {
  /** One user's rows; undefined for every user summed (admins only). */
  userId?: number;
  /** An admin's username filter, resolved to `userId` before the query. */
  username?: string;
  start: number;
  end: number;
  granularity: Granularity;
}

function seconds(value: string, field: string): number | undefined {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 0) {
    throw new ValidationError(`${INVALID_INPUT}${field} 必须是非负整数`, { code: 'invalid_filter' });
  }
  return number === 0 ? undefined : number;
}

/** The granularity a request names; `hour` when it names none. */
export function granularityOf(value: string): Granularity {
  const name = value.trim() === '' ? 'hour' : value.trim();
  if (name === 'hour' || name === 'day' || name === 'week') return name;
  throw new ValidationError(`${INVALID_INPUT}default_time 只能是 hour、day 或 week`, { code: 'invalid_granularity' });
}

/**
 * Validates a dashboard request under its scope. The range defaults to the 30 days before `end`
 * (itself now by default). A user's own query may span at most one month ({@link SPAN_TOO_LONG});
 * an admin's is not limited, and may name one user by `username`.
 */
export function quotaDataQueryOf(request: ListQuotaDataRequest__Output, scope: CallerScope, now = nowSeconds()): QuotaDataQuery {
  const granularity = granularityOf(request.granularity);
  const end = seconds(request.end_timestamp, 'end_timestamp') ?? now;
  const start = seconds(request.start_timestamp, 'start_timestamp') ?? Math.max(end - DEFAULT_SPAN_SECONDS, 0);
  if (scope.kind === 'self') {
    if (end - start > MAX_SELF_SPAN_SECONDS) throw new ValidationError(SPAN_TOO_LONG, { code: 'span_too_long' });
    return { userId: scope.userId, start, end, granularity };
  }
  const username = request.username.trim();
  if (username.length > 64) {
    throw new ValidationError(`${INVALID_INPUT}username 长度不能超过 64 个字符`, { code: 'invalid_filter' });
  }
  return { ...(username !== '' && { username }), start, end, granularity };
}

interface TotalsRow {
  user_id: number | null;
  username: string | null;
  model_name: string;
  bucket: string;
  token_used: string;
  count: string;
  quota: string;
}

/** The dashboard's buckets as columns: row i is the i-th value of each (`ListQuotaDataResponse`). */
export interface QuotaDataColumns {
  user_id: number[];
  username: string[];
  model_name: string[];
  created_at: number[];
  token_used: number[];
  count: number[];
  quota: number[];
}

/**
 * The hourly totals of `quota_data` in the range, per model and bucket, oldest bucket first:
 * one user's (their own or the one an admin named) or every user's summed. A username nobody
 * has gives no rows. One user's from `quota_data` by its (user_id, created_at, model_name) index;
 * every user's from `quota_data_totals`, the same rows summed over users by a trigger (ADR 0031).
 * Hourly buckets are those tables' rows as stored (one per hour and model, in their key's
 * order, read from the key alone), so only days and weeks are summed here. The answer is
 * columns (see {@link QuotaDataColumns}): a month of hours is thousands of rows, and one message
 * per row cost more to encode and decode than the query.
 */
export async function listQuotaData(dataSource: DataSource, query: QuotaDataQuery): Promise<QuotaDataColumns> {
  const columns: QuotaDataColumns = { user_id: [], username: [], model_name: [], created_at: [], token_used: [], count: [], quota: [] };
  let userId = query.userId;
  if (query.username !== undefined) {
    const users = (await dataSource.query(`SELECT id FROM users WHERE username = $1`, [query.username])) as Array<{ id: number }>;
    if (!users[0]) return columns;
    userId = users[0].id;
  }
  const perUser = userId !== undefined;
  // Every user's totals come from quota_data_totals (already summed over users by a trigger):
  // a month of a busy gateway is hours times models there, not users times hours times models.
  const parameters: unknown[] = [query.start, query.end];
  if (perUser) parameters.push(userId);
  const table = perUser ? 'quota_data' : 'quota_data_totals';
  const range = `created_at >= $1 AND created_at <= $2 ${perUser ? 'AND user_id = $3' : ''}`;
  const rows = (await dataSource.query(
    query.granularity === 'hour' ? hourlyRowsSql(table, range, perUser) : summedRowsSql(table, range, perUser, BUCKETS[query.granularity]),
    parameters,
  )) as TotalsRow[];
  for (const row of rows) {
    columns.user_id.push(row.user_id ?? 0);
    columns.username.push(row.username ?? '');
    columns.model_name.push(row.model_name);
    columns.created_at.push(Number(row.bucket));
    columns.token_used.push(Number(row.token_used));
    columns.count.push(Number(row.count));
    columns.quota.push(Number(row.quota));
  }
  return columns;
}

/**
 * Hourly buckets as stored: both tables hold one row per hour and model (and user), at the
 * hour's start, so nothing is grouped; the unique keys order them and `INCLUDE` the totals.
 */
function hourlyRowsSql(table: string, range: string, perUser: boolean): string {
  return `SELECT ${perUser ? 'user_id, username' : 'NULL AS user_id, NULL AS username'},
                 model_name, created_at AS bucket, token_used, count, quota
            FROM ${table}
           WHERE ${range}
           ORDER BY created_at, model_name`;
}

/** Day or week buckets: the hourly rows of each bucket summed. */
function summedRowsSql(table: string, range: string, perUser: boolean, { size, offset }: { size: number; offset: number }): string {
  const bucket = `(created_at - mod(created_at - ${offset}, ${size}))`;
  return `SELECT ${perUser ? 'max(user_id) AS user_id, max(username) AS username' : 'NULL AS user_id, NULL AS username'},
                 model_name, ${bucket} AS bucket,
                 sum(token_used) AS token_used, sum(count) AS count, sum(quota) AS quota
            FROM ${table}
           WHERE ${range}
           GROUP BY model_name, bucket
           ORDER BY bucket, model_name`;
}
