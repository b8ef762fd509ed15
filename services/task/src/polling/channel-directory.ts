import type { DataSource } from 'typeorm';

/** What the poller needs of a channel to call its upstream. */
export interface PollChannel {
  readonly id: number;
  readonly type: number;
  readonly baseUrl: string;
  /** The first of the channel's keys (one per line). */
  readonly key: string;
}

/**
 * Reads the channels of a batch of tasks (the relay and the admin API write them; the task service
 * only reads). A channel missing from the answer was deleted.
 */
export async function loadChannels(dataSource: DataSource, ids: readonly number[]): Promise<Map<number, PollChannel>> {
  if (ids.length === 0) return new Map();
  const rows = (await dataSource.query(`SELECT id, type, base_url, key FROM channels WHERE id = ANY($1)`, [[...ids]])) as Array<{
    id: number;
    type: number;
    base_url: string | null;
    key: string;
  }>;
  return new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, type: row.type, baseUrl: (row.base_url ?? '').replace(/\/+$/, ''), key: row.key.split('\n')[0]!.trim() },
    ]),
  );
}
