import type { AdminUserJson, ApiPage, LogJson, LogStatJson } from '@modelgate/contracts/api';

/** A row of the usage log (spec §3 "Log entry"); `channel` and `channel_name` only for admins. */
export type LogEntry = LogJson;

/** The parsed `other` JSON of a log row (every field optional: rows differ by type). */
export interface LogOther {
  frt?: number;
  is_model_mapped?: boolean;
  upstream_model_name?: string;
  model_ratio?: number;
  model_price?: number;
  completion_ratio?: number;
  group_ratio?: number;
  user_group_ratio?: number;
  cache_tokens?: number;
  cache_ratio?: number;
  cache_creation_tokens?: number;
  cache_creation_ratio?: number;
  group?: string;
  admin_info?: { use_channel?: Array<string | number> };
  /** A management row's balance change (quota units): set outright, or an amount added. */
  admin_quota?: { from?: number; to?: number; delta?: number };
  /** A top-up row's source: a redemption code (its id) or an online payment (the money paid). */
  top_up?: { source?: string; quota?: number; redemption_id?: number; money?: string };
  /** A system row's event (sign-up gifts, invitation reward, reward transfer) and amount. */
  system?: { event?: string; quota?: number };
  /** A refund row: the failed asynchronous task and why it failed. */
  refund?: { task?: string; upstream_id?: string; reason?: string };
}

/** One page of the log (`p` is 1-based). */
export type LogPage = ApiPage<LogEntry>;

/** `GET /api/log/stat`: consumption quota over the filters and the last minute's rpm/tpm. */
export type LogStat = LogStatJson;

/** Log types (spec §4); 0 means "all" in the type filter. */
export const LOG_TYPES = [1, 2, 3, 4] as const;
export type LogType = (typeof LOG_TYPES)[number];
export const LOG_TYPE_CONSUME = 2;

/** The user record the user-info popup shows (`GET /api/user/{id}`). */
export type LoggedUser = Pick<AdminUserJson, 'id' | 'username' | 'display_name' | 'group' | 'quota' | 'used_quota' | 'request_count'>;
