import type { LogEntry__Output, QuotaDataRow__Output } from '@modelgate/contracts';
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

/** A dashboard row with numbers as numbers. */
export function quotaDataJsonOf(row: QuotaDataRow__Output): QuotaDataJson {
  return {
    user_id: Number(row.user_id),
    username: row.username,
    model_name: row.model_name,
    created_at: Number(row.created_at),
    token_used: Number(row.token_used),
    count: Number(row.count),
    quota: Number(row.quota),
  };
}
