import type { LogEntry } from '@modelgate/contracts';
import type { CallerScope } from '@modelgate/access';
import type { DataSource } from 'typeorm';
import { type LogCriteria, type SqlCondition, whereOf } from './log-filter';
import { toUserView } from './log-visibility';

/** One page of log rows and how many match in all ({@link EXACT_TOTAL_LIMIT}: exact or estimated). */
export interface LogPage {
  items: LogEntry[];
  total: number;
}

/**
 * Up to this many matching rows, `total` is exact (counted, at most this many rows read); above
 * it, `total` is PostgreSQL's estimate of the filter's rows (never below this limit plus one),
 * so a page over millions of rows never counts them all. (When PostgreSQL expects more than ten
 * times this many, the count is skipped: a filter it misjudges tenfold could then show an
 * estimate although fewer rows match.)
 */
export const EXACT_TOTAL_LIMIT = 10_000;

interface LogRow {
  id: string;
  user_id: number;
  created_at: string;
  type: number;
  content: string;
  username: string;
  token_name: string;
  model_name: string;
  quota: string;
  prompt_tokens: number;
  completion_tokens: number;
  use_time: number;
  is_stream: boolean;
  channel_id: number;
  channel_name: string | null;
  token_id: number;
  group: string;
  other: string;
}

/**
 * One page of the rows `criteria` selects, newest first (`created_at`, then id), and their
 * total (see {@link countLogs}). Admins get the name of each row's channel; users get their rows
 * stripped of admin-only data.
 */
export async function listLogs(
  dataSource: DataSource,
  scope: CallerScope,
  criteria: LogCriteria,
  page: number,
  pageSize: number,
): Promise<LogPage> {
  const where = whereOf(criteria);
  const limit = `$${where.parameters.length + 1}`;
  const offset = `$${where.parameters.length + 2}`;
  const admin = scope.kind === 'admin';
  const channelName = admin ? `c.name AS channel_name` : `'' AS channel_name`;
  const join = admin ? `LEFT JOIN channels c ON c.id = l.channel_id` : '';
  // The page and its total are independent reads: run side by side on two pooled connections.
  const [rows, total] = (await Promise.all([
    dataSource.query(
      `SELECT l.id, l.user_id, l.created_at, l.type, l.content, l.username, l.token_name, l.model_name, l.quota,
              l.prompt_tokens, l.completion_tokens, l.use_time, l.is_stream, l.channel_id, ${channelName},
              l.token_id, l."group", l.other
         FROM logs l ${join}
        WHERE ${where.sql}
        ORDER BY l.created_at DESC, l.id DESC
        LIMIT ${limit} OFFSET ${offset}`,
      [...where.parameters, pageSize, (page - 1) * pageSize],
    ),
    countLogs(dataSource, where),
  ])) as [LogRow[], number];
  const items = rows.map((row) => {
    const entry = entryOf(row);
    return admin ? entry : toUserView(entry);
  });
  return { items, total };
}

function entryOf(row: LogRow): LogEntry & { id: number; other: string } {
  return {
    id: Number(row.id),
    created_at: Number(row.created_at),
    type: row.type,
    content: row.content,
    username: row.username,
    user_id: row.user_id,
    token_name: row.token_name,
    model_name: row.model_name,
    quota: Number(row.quota),
    prompt_tokens: row.prompt_tokens,
    completion_tokens: row.completion_tokens,
    use_time: row.use_time,
    is_stream: row.is_stream,
    channel: row.channel_id,
    channel_name: row.channel_name ?? '',
    token_id: row.token_id,
    group: row.group,
    other: row.other,
  };
}

/** Above this many expected rows, `total` is the estimate without counting (ten times the limit). */
const COUNT_ONLY_BELOW_ESTIMATE = 10 * EXACT_TOTAL_LIMIT;

/**
 * How many rows `where` selects: exact up to {@link EXACT_TOTAL_LIMIT} (a count that stops
 * reading there), otherwise the planner's estimate for the filter, raised to at least the limit
 * plus one. The estimate comes from the partitions' statistics, so it costs a plan, not a scan;
 * when it expects more than ten times the limit, nothing is counted at all.
 */
export async function countLogs(dataSource: DataSource, where: SqlCondition): Promise<number> {
  const [plan] = (await dataSource.query(`EXPLAIN (FORMAT JSON) SELECT 1 FROM logs l WHERE ${where.sql}`, where.parameters)) as Array<{
    'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> | string;
  }>;
  const document = typeof plan?.['QUERY PLAN'] === 'string' ? JSON.parse(plan['QUERY PLAN']) : plan?.['QUERY PLAN'];
  const estimate = Math.round(Number(document?.[0]?.Plan?.['Plan Rows'] ?? 0));
  if (estimate > COUNT_ONLY_BELOW_ESTIMATE) return estimate;
  const limit = `$${where.parameters.length + 1}`;
  const [counted] = (await dataSource.query(
    `SELECT count(*) AS n FROM (SELECT 1 FROM logs l WHERE ${where.sql} LIMIT ${limit}) s`,
    [...where.parameters, EXACT_TOTAL_LIMIT + 1],
  )) as Array<{ n: string }>;
  const exact = Number(counted?.n ?? 0);
  return exact <= EXACT_TOTAL_LIMIT ? exact : Math.max(estimate, EXACT_TOTAL_LIMIT + 1);
}
