import type { ApiClient, ApiResponse } from '../support/api-client';
import type { ApiStack } from '../support/api-stack';
import { seedUser } from '../support/relay-fixtures';

/** The callers of the channel-administration tests. */
export interface ChannelCallers {
  root: ApiClient;
  admin: ApiClient;
  common: ApiClient;
  anonymous: ApiClient;
  rootId: number;
}

/** Signs in the super admin, an admin and a common user (sessions opened directly). */
export async function channelCallers(api: ApiStack): Promise<ChannelCallers> {
  const sql = (text: string, parameters?: unknown[]) => api.query(text, parameters);
  const rootId = Number((await api.query(`SELECT id FROM users WHERE username = 'root'`))[0].id);
  const [root, admin, common] = await Promise.all([
    api.signedInAs(rootId),
    seedUser(sql, 0, 'default', 10).then((id) => api.signedInAs(id)),
    seedUser(sql, 0, 'default', 1).then((id) => api.signedInAs(id)),
  ]);
  return { root, admin, common, anonymous: api.client(), rootId };
}

/** Creates channels through `POST /api/channel/` and returns them (fails loudly on refusal). */
export async function createChannels(client: ApiClient, fields: Record<string, unknown>): Promise<Array<Record<string, any>>> {
  const res = await client.post('/api/channel/', fields);
  if (!res.body.success) throw new Error(`create failed: ${res.body.message}`);
  return res.body.data;
}

/** The stored abilities of a channel as `group/model` strings (plus enabled flag), sorted. */
export async function abilitiesOf(api: ApiStack, channelId: number): Promise<string[]> {
  const rows = await api.query(
    `SELECT "group", model, enabled FROM abilities WHERE channel_id = $1 ORDER BY "group", model`,
    [channelId],
  );
  return rows.map((row) => `${row.group}/${row.model}${row.enabled ? '' : ' (off)'}`);
}

/** Expects a refusal: HTTP 200, `success: false` and exactly `message`. */
export function expectRefused(res: ApiResponse, message: string | RegExp): void {
  expect(res.status).toBe(200);
  expect(res.body.success).toBe(false);
  if (typeof message === 'string') expect(res.body.message).toBe(message);
  else expect(res.body.message).toMatch(message);
}

/** Inserts a channel as the Kubernetes operator leaves it (source kubernetes, external_ref set). */
export async function insertManagedChannel(api: ApiStack, ref: string, models: string): Promise<number> {
  const [row] = await api.query(
    `INSERT INTO channels (type, key, name, models, "group", source, external_ref, created_time)
     VALUES (1, 'sk-managed', 'managed', $2, 'default', 'kubernetes', $1, 1) RETURNING id`,
    [ref, models],
  );
  const id = Number(row.id);
  for (const model of models.split(',')) {
    await api.query(`INSERT INTO abilities ("group", model, channel_id) VALUES ('default', $1, $2)`, [model, id]);
  }
  return id;
}
