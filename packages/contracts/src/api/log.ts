import { z } from 'zod';

/** `/api/log/...` and `/api/data/...` (spec §7 "Logs", "Dashboard"). */

/** A log row (spec §3 "Log entry"); users' rows leave out the channel fields entirely (spec §6). */
export const logJson = z.object({
  id: z.number(),
  user_id: z.number(),
  created_at: z.number(),
  type: z.number(),
  content: z.string(),
  username: z.string(),
  token_name: z.string(),
  model_name: z.string(),
  quota: z.number(),
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  use_time: z.number(),
  is_stream: z.boolean(),
  channel: z.number().optional(),
  channel_name: z.string().optional(),
  token_id: z.number(),
  group: z.string(),
  other: z.string(),
});

/** `GET /api/log/stat`: consumption quota over the filters and the last minute's rpm/tpm. */
export const logStatJson = z.object({ quota: z.number(), rpm: z.number(), tpm: z.number() });

/** A dashboard row (`GET /api/data/`): one user's use of one model in one hour. */
export const quotaDataJson = z.object({
  user_id: z.number(),
  username: z.string(),
  model_name: z.string(),
  created_at: z.number(),
  token_used: z.number(),
  count: z.number(),
  quota: z.number(),
});

export type LogJson = z.infer<typeof logJson>;
export type LogStatJson = z.infer<typeof logStatJson>;
export type QuotaDataJson = z.infer<typeof quotaDataJson>;
