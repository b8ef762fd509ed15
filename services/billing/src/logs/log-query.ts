import type { LogEntry } from '@modelgate/contracts';
import { type CallerScope, LogType } from '@modelgate/db';
import type { DataSource } from 'typeorm';
import { nowSeconds } from '../usage/sql';
import { type LogCriteria, whereOf } from './log-filter';
import { toUserView } from './log-visibility';

/** One page of log rows and how many match in all. */
export interface LogPage {
  items: LogEntry[];
  total: number;
}

/** Usage statistics over a filter (`/api/log/stat`). */
export interface LogStats {
  quota: number;
  rpm: number;
  tpm: number;
}

/** The window rpm and tpm are counted over. */
export const STATS_WINDOW_SECONDS = 60;

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
 * One page of the rows `criteria` selects, newest first (`created_at`, then id). Admins get the
 * name of each row's channel; users get their rows stripped of admin-only data.
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
  const rows = (await dataSource.query(
    `SELECT l.id, l.user_id, l.created_at, l.type, l.content, l.username, l.token_name, l.model_name, l.quota,
            l.prompt_tokens, l.completion_tokens, l.use_time, l.is_stream, l.channel_id, ${channelName},
            l.token_id, l."group", l.other
       FROM logs l ${join}
      WHERE ${where.sql}
      ORDER BY l.created_at DESC, l.id DESC
      LIMIT ${limit} OFFSET ${offset}`,
    [...where.parameters, pageSize, (page - 1) * pageSize],
  )) as LogRow[];
  const counted = (await dataSource.query(`SELECT count(*) AS n FROM logs l WHERE ${where.sql}`, where.parameters)) as Array<{
    n: string;
  }>;
  const items = rows.map((row) => {
    const entry = entryOf(row);
    return admin ? entry : toUserView(entry);
  });
  return { items, total: Number(counted[0]?.n ?? 0) };
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

/**
 * The statistics of the log page, as the reference computes them: `quota` sums the consumption
 * rows the filters select (the type filter does not apply: statistics are about consumption);
 * `rpm` and `tpm` count those rows and their prompt plus completion tokens among the ones created
 * in the last 60 seconds (the time filters give way to that window).
 */
export async function logStats(dataSource: DataSource, criteria: LogCriteria, now = nowSeconds()): Promise<LogStats> {
  const consumption: LogCriteria = { ...criteria, type: LogType.Consume };
  const total = whereOf(consumption);
  const [sum] = (await dataSource.query(`SELECT COALESCE(sum(l.quota), 0) AS quota FROM logs l WHERE ${total.sql}`, total.parameters)) as Array<{
    quota: string;
  }>;
  const recent = whereOf({ ...consumption, start: now - STATS_WINDOW_SECONDS, end: undefined });
  const [window] = (await dataSource.query(
    `SELECT count(*) AS rpm, COALESCE(sum(l.prompt_tokens + l.completion_tokens), 0) AS tpm FROM logs l WHERE ${recent.sql}`,
    recent.parameters,
  )) as Array<{ rpm: string; tpm: string }>;
  return { quota: Number(sum?.quota ?? 0), rpm: Number(window?.rpm ?? 0), tpm: Number(window?.tpm ?? 0) };
}
