// Original file: proto/modelgate/billing/v1/usage_query_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * LogEntry is one log row as the console shows it (product spec §3 "Log entry").
 */
export interface LogEntry {
  /**
   * Row id; for `self` requests only `id % 1024`, so a user cannot read the gateway's traffic off it.
   */
  'id'?: (number | string | Long);
  /**
   * Unix seconds.
   */
  'created_at'?: (number | string | Long);
  /**
   * Log type (see LogFilter.type).
   */
  'type'?: (number);
  /**
   * Human-readable detail (prices and ratios for consumption rows).
   */
  'content'?: (string);
  /**
   * The user the row belongs to.
   */
  'username'?: (string);
  /**
   * That user's id.
   */
  'user_id'?: (number | string | Long);
  /**
   * Name of the token used.
   */
  'token_name'?: (string);
  /**
   * The model requested.
   */
  'model_name'?: (string);
  /**
   * Quota units charged (or credited).
   */
  'quota'?: (number | string | Long);
  /**
   * Prompt tokens.
   */
  'prompt_tokens'?: (number);
  /**
   * Completion tokens.
   */
  'completion_tokens'?: (number);
  /**
   * Whole seconds the request took.
   */
  'use_time'?: (number);
  /**
   * Whether the response was streamed.
   */
  'is_stream'?: (boolean);
  /**
   * The channel that served the request; 0 in `self` answers.
   */
  'channel'?: (number | string | Long);
  /**
   * That channel's current name; empty in `self` answers.
   */
  'channel_name'?: (string);
  /**
   * The token's id.
   */
  'token_id'?: (number | string | Long);
  /**
   * The group billed.
   */
  'group'?: (string);
  /**
   * JSON text with pricing and timing details; `admin_info` is removed in `self` answers.
   */
  'other'?: (string);
}

/**
 * LogEntry is one log row as the console shows it (product spec §3 "Log entry").
 */
export interface LogEntry__Output {
  /**
   * Row id; for `self` requests only `id % 1024`, so a user cannot read the gateway's traffic off it.
   */
  'id': (string);
  /**
   * Unix seconds.
   */
  'created_at': (string);
  /**
   * Log type (see LogFilter.type).
   */
  'type': (number);
  /**
   * Human-readable detail (prices and ratios for consumption rows).
   */
  'content': (string);
  /**
   * The user the row belongs to.
   */
  'username': (string);
  /**
   * That user's id.
   */
  'user_id': (string);
  /**
   * Name of the token used.
   */
  'token_name': (string);
  /**
   * The model requested.
   */
  'model_name': (string);
  /**
   * Quota units charged (or credited).
   */
  'quota': (string);
  /**
   * Prompt tokens.
   */
  'prompt_tokens': (number);
  /**
   * Completion tokens.
   */
  'completion_tokens': (number);
  /**
   * Whole seconds the request took.
   */
  'use_time': (number);
  /**
   * Whether the response was streamed.
   */
  'is_stream': (boolean);
  /**
   * The channel that served the request; 0 in `self` answers.
   */
  'channel': (string);
  /**
   * That channel's current name; empty in `self` answers.
   */
  'channel_name': (string);
  /**
   * The token's id.
   */
  'token_id': (string);
  /**
   * The group billed.
   */
  'group': (string);
  /**
   * JSON text with pricing and timing details; `admin_info` is removed in `self` answers.
   */
  'other': (string);
}
