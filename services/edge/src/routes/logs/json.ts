import type { ListQuotaDataResponse__Output, LogEntry__Output } from '@modelgate/contracts';
import type { LogJson, QuotaDataJson } from '@modelgate/contracts/api';

export type { LogJson } from '@modelgate/contracts/api';

/**
 * The JSON of a log row. Users' rows (`admin` false) leave out the channel fields entirely
 * (billing has blanked them already; product spec §6).
 */
export function logJsonOf(entry: LogEntry__Output, admin: boolean): LogJson {
  const json: LogJson = {
    id: Number(entry.id),
    user_id: Number(entry.user_id),
    created_at: Number(entry.created_at),
    type: entry.type,
    content: entry.content,
    username: entry.username,
    token_name: entry.token_name,
    model_name: entry.model_name,
    quota: Number(entry.quota),
    prompt_tokens: entry.prompt_tokens,
    completion_tokens: entry.completion_tokens,
    use_time: entry.use_time,
    is_stream: entry.is_stream,
    token_id: Number(entry.token_id),
    group: entry.group,
    other: entry.other,
  };
  if (admin) {
    json.channel = Number(entry.channel);
    json.channel_name = entry.channel_name;
  }
  return json;
}

/**
 * The dashboard's rows from billing's columns (row i is the i-th value of each), in the `/api`
 * field order. The numbers arrive as doubles, as the JSON carries them.
 */
export function quotaDataJsonOf(columns: ListQuotaDataResponse__Output): QuotaDataJson[] {
  const { user_id, username, model_name, created_at, token_used, count, quota } = columns;
  const rows = new Array<QuotaDataJson>(created_at.length);
  for (let i = 0; i < rows.length; i++) {
    rows[i] = {
      user_id: user_id[i]!,
      username: username[i]!,
      model_name: model_name[i]!,
      created_at: created_at[i]!,
      token_used: token_used[i]!,
      count: count[i]!,
      quota: quota[i]!,
    };
  }
  return rows;
}
