import { z } from 'zod';
import { type QueryOf, queryInteger, queryText, queryTimestamp } from './query';

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

/**
 * The filters of the log (`GET /api/log/self/`, `/api/log/self/stat`): numbers are non-negative
 * integers, time filters Unix seconds; a zero or empty filter is "not given".
 */
export const logFilterQuery = z.object({
  type: queryInteger(),
  token_name: queryText(),
  model_name: queryText(),
  start_timestamp: queryTimestamp(),
  end_timestamp: queryTimestamp(),
  group: queryText(),
});

/** The admins' filters (`GET /api/log/`, `/api/log/stat`): also the user's name and the channel. */
export const adminLogFilterQuery = logFilterQuery.extend({ username: queryText(), channel: queryInteger() });

/** The dashboard's range (`GET /api/data/self`): Unix seconds and the bucket size (`default_time`: hour, day or week). */
export const quotaDataQuery = z.object({
  start_timestamp: queryTimestamp(),
  end_timestamp: queryTimestamp(),
  default_time: queryText(16),
});

/** The admins' dashboard (`GET /api/data/`): optionally one user's rows, by name. */
export const adminQuotaDataQuery = z.object({ username: queryText(64), ...quotaDataQuery.shape });

/**
 * `DELETE /api/log/?target_timestamp=` (admins): the Unix second before which rows go. Anything
 * but up to 15 digits reads as 0, which edge refuses as no time chosen.
 */
export const logCleanupQuery = z.object({
  target_timestamp: z
    .unknown()
    .optional()
    .transform((value) => {
      const raw = typeof value === 'string' ? value.trim() : '';
      return /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
    }),
});

export type LogJson = z.infer<typeof logJson>;
export type LogStatJson = z.infer<typeof logStatJson>;
export type QuotaDataJson = z.infer<typeof quotaDataJson>;
export type LogFilterQuery = QueryOf<typeof adminLogFilterQuery>;
export type QuotaDataQuery = QueryOf<typeof adminQuotaDataQuery>;
