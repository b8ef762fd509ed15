import { LogType } from '@modelgate/db';
import type { DataSource } from 'typeorm';
import { nowSeconds } from '../usage/sql';
import { type LogCriteria, type SqlCondition, whereOf } from './log-filter';

/** Usage statistics over a filter (`/api/log/stat`). */
export interface LogStats {
  quota: number;
  rpm: number;
  tpm: number;
}

/** The window rpm and tpm are counted over. */
export const STATS_WINDOW_SECONDS = 60;
const HOUR = 3_600;

/** The hourly rollups of consumption (ADR 0031). */
type Rollup = 'log_hourly_model_totals' | 'log_hourly_totals' | 'log_hourly_user_totals';

/**
 * The smallest rollup that has a column for every filter of `criteria`, or null when none has
 * (a user, username or token name together with a channel): per user when one of those is
 * filtered, per channel when a channel is, else per model and group (a few rows an hour).
 */
function rollupFor(criteria: LogCriteria): Rollup | null {
  const perUser = criteria.userId !== undefined || criteria.username !== undefined || criteria.tokenName !== undefined;
  if (perUser) return criteria.channelId === undefined ? 'log_hourly_user_totals' : null;
  return criteria.channelId === undefined ? 'log_hourly_model_totals' : 'log_hourly_totals';
}

/**
 * The WHERE clause over `rollup` (aliased `r`), numbered from `$1 + offset`. The type is always
 * consumption here; the time is bounded by whole hours by the caller.
 */
function rollupWhereOf(criteria: LogCriteria, rollup: Rollup, offset: number): SqlCondition {
  const parts: string[] = [];
  const parameters: unknown[] = [];
  const add = (column: string, value: unknown) => {
    if (value === undefined) return;
    parameters.push(value);
    parts.push(`r.${column} = $${parameters.length + offset}`);
  };
  if (rollup === 'log_hourly_user_totals') {
    add('user_id', criteria.userId);
    add('username', criteria.username);
    add('token_name', criteria.tokenName);
  }
  if (rollup === 'log_hourly_totals') add('channel_id', criteria.channelId);
  add('model_name', criteria.modelName);
  add('"group"', criteria.group);
  return { sql: parts.length === 0 ? 'TRUE' : parts.join(' AND '), parameters };
}

/**
 * The consumption quota `criteria` selects (its time range inclusive), exactly, without reading
 * more than two partial hours of raw rows: the whole hours inside the range are summed from an
 * hourly rollup ({@link rollupFor}), the partial hours at either end from `logs`. Both
 * are read in one statement, so one snapshot: the rollups are kept equal to `logs` by triggers.
 * Only a user, username or token name filtered together with a channel sums the raw rows.
 */
export async function consumptionQuota(dataSource: DataSource, criteria: LogCriteria): Promise<number> {
  const consumption: LogCriteria = { ...criteria, type: LogType.Consume };
  // A user's rows by channel (an admin's rare question) have no rollup: summed from the rows.
  const table = rollupFor(consumption);
  const firstHour = consumption.start === undefined ? undefined : Math.ceil(consumption.start / HOUR) * HOUR;
  const hoursEnd = consumption.end === undefined ? undefined : Math.floor((consumption.end + 1) / HOUR) * HOUR;
  if (table === null || (firstHour !== undefined && hoursEnd !== undefined && firstHour >= hoursEnd)) {
    const raw = whereOf(consumption);
    const [row] = (await dataSource.query(`SELECT COALESCE(sum(l.quota), 0) AS quota FROM logs l WHERE ${raw.sql}`, raw.parameters)) as Array<{
      quota: string;
    }>;
    return Number(row?.quota ?? 0);
  }
  const parts: string[] = [];
  const parameters: unknown[] = [];
  const rollup = rollupWhereOf(consumption, table, 0);
  parameters.push(...rollup.parameters);
  let hours = rollup.sql;
  if (firstHour !== undefined) {
    parameters.push(firstHour);
    hours += ` AND r.hour >= $${parameters.length}`;
  }
  if (hoursEnd !== undefined) {
    parameters.push(hoursEnd);
    hours += ` AND r.hour < $${parameters.length}`;
  }
  parts.push(`(SELECT COALESCE(sum(r.quota), 0) FROM ${table} r WHERE ${hours})`);
  const edges: LogCriteria[] = [];
  if (firstHour !== undefined && consumption.start !== undefined && consumption.start < firstHour) {
    edges.push({ ...consumption, end: firstHour - 1 });
  }
  if (hoursEnd !== undefined && consumption.end !== undefined && hoursEnd <= consumption.end) {
    edges.push({ ...consumption, start: hoursEnd });
  }
  for (const edge of edges) {
    const raw = whereOf(edge, parameters.length);
    parameters.push(...raw.parameters);
    parts.push(`(SELECT COALESCE(sum(l.quota), 0) FROM logs l WHERE ${raw.sql})`);
  }
  const [row] = (await dataSource.query(`SELECT ${parts.join(' + ')} AS quota`, parameters)) as Array<{ quota: string }>;
  return Number(row?.quota ?? 0);
}

/**
 * The statistics of the log page, as the reference computes them: `quota` sums the consumption
 * rows the filters select (the type filter does not apply: statistics are about consumption;
 * see {@link consumptionQuota}); `rpm` and `tpm` count those rows and their prompt plus completion
 * tokens among the ones created in the last 60 seconds (the time filters give way to that
 * window), read from the raw rows of that minute.
 */
export async function logStats(dataSource: DataSource, criteria: LogCriteria, now = nowSeconds()): Promise<LogStats> {
  const quota = await consumptionQuota(dataSource, criteria);
  const recent = whereOf({ ...criteria, type: LogType.Consume, start: now - STATS_WINDOW_SECONDS, end: undefined });
  const [window] = (await dataSource.query(
    `SELECT count(*) AS rpm, COALESCE(sum(l.prompt_tokens + l.completion_tokens), 0) AS tpm FROM logs l WHERE ${recent.sql}`,
    recent.parameters,
  )) as Array<{ rpm: string; tpm: string }>;
  return { quota, rpm: Number(window?.rpm ?? 0), tpm: Number(window?.tpm ?? 0) };
}
