import type { ApiStack } from '../support/api-stack';

/** A log row to insert directly (test setup); what is left out takes the column default. */
export interface LogSeed {
  id?: number;
  userId: number;
  username: string;
  createdAt: number;
  type?: number;
  tokenName?: string;
  modelName?: string;
  quota?: number;
  promptTokens?: number;
  completionTokens?: number;
  channelId?: number;
  group?: string;
  other?: string;
  content?: string;
}

/** Inserts log rows as billing writes them; returns their ids in order. */
export async function insertLogs(api: ApiStack, seeds: LogSeed[]): Promise<number[]> {
  const ids: number[] = [];
  for (const seed of seeds) {
    const [row] = await api.query(
      `INSERT INTO logs (id, user_id, username, created_at, type, token_name, model_name, quota, prompt_tokens,
                         completion_tokens, channel_id, "group", other, content)
       VALUES (COALESCE($1, nextval(pg_get_serial_sequence('logs', 'id'))), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       RETURNING id`,
      [
        seed.id ?? null,
        seed.userId,
        seed.username,
        seed.createdAt,
        seed.type ?? 2,
        seed.tokenName ?? '',
        seed.modelName ?? '',
        seed.quota ?? 0,
        seed.promptTokens ?? 0,
        seed.completionTokens ?? 0,
        seed.channelId ?? 0,
        seed.group ?? 'default',
        seed.other ?? '',
        seed.content ?? '',
      ],
    );
    ids.push(Number(row.id));
  }
  return ids;
}

/** Inserts a user of `role`; returns its id. */
export async function insertUser(api: ApiStack, username: string, role = 1, group = 'default'): Promise<number> {
  const [row] = await api.query(
    `INSERT INTO users (username, password, display_name, role, status, "group", aff_code)
     VALUES ($1, 'x', $1, $2, 1, $3, $4) RETURNING id`,
    [username, role, group, `a${username}`.slice(0, 32)],
  );
  return Number(row.id);
}
