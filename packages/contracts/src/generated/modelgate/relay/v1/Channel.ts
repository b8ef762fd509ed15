// Original file: proto/modelgate/relay/v1/channel_admin_service.proto

import type { ChannelCircuit as _modelgate_relay_v1_ChannelCircuit, ChannelCircuit__Output as _modelgate_relay_v1_ChannelCircuit__Output } from '../../../modelgate/relay/v1/ChannelCircuit';
import type { Long } from '@grpc/proto-loader';

/**
 * Channel is one channel as the console sees it (spec §3 "Channel"; `/api` field names).
 */
export interface Channel {
  /**
   * Channel id.
   */
  'id'?: (number | string | Long);
  /**
   * Channel type (spec §3 channel types).
   */
  'type'?: (number);
  /**
   * Display name.
   */
  'name'?: (string);
  /**
   * The upstream credential; present only when GetChannel was asked for it.
   */
  'key'?: (string);
  /**
   * OpenAI organization header, or empty.
   */
  'openai_organization'?: (string);
  /**
   * Preferred model of channel tests, or empty.
   */
  'test_model'?: (string);
  /**
   * 1 enabled, 2 disabled, 3 disabled automatically.
   */
  'status'?: (number);
  /**
   * Weight inside its priority tier (non-negative).
   */
  'weight'?: (number);
  /**
   * Unix seconds.
   */
  'created_time'?: (number | string | Long);
  /**
   * Unix seconds of the last test.
   */
  'test_time'?: (number | string | Long);
  /**
   * Milliseconds the last test took; 0 untested.
   */
  'response_time'?: (number);
  /**
   * Upstream base URL; empty for the type's default.
   */
  'base_url'?: (string);
  /**
   * Type-specific extra (API version, region, …).
   */
  'other'?: (string);
  /**
   * Remaining upstream balance.
   */
  'balance'?: (number | string);
  /**
   * Unix seconds of the last balance refresh.
   */
  'balance_updated_time'?: (number | string | Long);
  /**
   * Comma-joined model names.
   */
  'models'?: (string);
  /**
   * Comma-joined group names.
   */
  'group'?: (string);
  /**
   * Quota units used through this channel.
   */
  'used_quota'?: (number | string | Long);
  /**
   * JSON text: requested model → upstream model; empty for none.
   */
  'model_mapping'?: (string);
  /**
   * JSON text: upstream status → returned status; empty for none.
   */
  'status_code_mapping'?: (string);
  /**
   * Priority tier; higher is tried first.
   */
  'priority'?: (number | string | Long);
  /**
   * 1: the relay may disable the channel automatically.
   */
  'auto_ban'?: (number);
  /**
   * JSON text with status_reason and status_time.
   */
  'other_info'?: (string);
  /**
   * Grouping label, or empty.
   */
  'tag'?: (string);
  /**
   * JSON text of type-specific settings.
   */
  'setting'?: (string);
  /**
   * JSON text merged into upstream request bodies.
   */
  'param_override'?: (string);
  /**
   * Largest prompt accepted, in tokens; 0 for no limit.
   */
  'max_input_tokens'?: (number);
  /**
   * `k8s:<namespace>/<name>` when a Kubernetes resource manages the channel (the console shows
   * it read-only and may only enable or disable it); empty otherwise.
   */
  'external_ref'?: (string);
  /**
   * The channel's circuit breaker as the relay replica that answered sees it (replicas share
   * every change); unset on the answers of writes.
   */
  'circuit'?: (_modelgate_relay_v1_ChannelCircuit | null);
  /**
   * Requests per minute sent to the channel (all relay replicas); 0 for no cap.
   */
  'max_rpm'?: (number);
  /**
   * Tokens per minute the channel may use; 0 for no cap.
   */
  'max_tpm'?: (number);
  /**
   * Requests in flight per relay replica; 0 for no cap. More wait in the channel's queue.
   */
  'max_concurrency'?: (number);
  '_key'?: "key";
}

/**
 * Channel is one channel as the console sees it (spec §3 "Channel"; `/api` field names).
 */
export interface Channel__Output {
  /**
   * Channel id.
   */
  'id': (string);
  /**
   * Channel type (spec §3 channel types).
   */
  'type': (number);
  /**
   * Display name.
   */
  'name': (string);
  /**
   * The upstream credential; present only when GetChannel was asked for it.
   */
  'key'?: (string);
  /**
   * OpenAI organization header, or empty.
   */
  'openai_organization': (string);
  /**
   * Preferred model of channel tests, or empty.
   */
  'test_model': (string);
  /**
   * 1 enabled, 2 disabled, 3 disabled automatically.
   */
  'status': (number);
  /**
   * Weight inside its priority tier (non-negative).
   */
  'weight': (number);
  /**
   * Unix seconds.
   */
  'created_time': (string);
  /**
   * Unix seconds of the last test.
   */
  'test_time': (string);
  /**
   * Milliseconds the last test took; 0 untested.
   */
  'response_time': (number);
  /**
   * Upstream base URL; empty for the type's default.
   */
  'base_url': (string);
  /**
   * Type-specific extra (API version, region, …).
   */
  'other': (string);
  /**
   * Remaining upstream balance.
   */
  'balance': (number);
  /**
   * Unix seconds of the last balance refresh.
   */
  'balance_updated_time': (string);
  /**
   * Comma-joined model names.
   */
  'models': (string);
  /**
   * Comma-joined group names.
   */
  'group': (string);
  /**
   * Quota units used through this channel.
   */
  'used_quota': (string);
  /**
   * JSON text: requested model → upstream model; empty for none.
   */
  'model_mapping': (string);
  /**
   * JSON text: upstream status → returned status; empty for none.
   */
  'status_code_mapping': (string);
  /**
   * Priority tier; higher is tried first.
   */
  'priority': (string);
  /**
   * 1: the relay may disable the channel automatically.
   */
  'auto_ban': (number);
  /**
   * JSON text with status_reason and status_time.
   */
  'other_info': (string);
  /**
   * Grouping label, or empty.
   */
  'tag': (string);
  /**
   * JSON text of type-specific settings.
   */
  'setting': (string);
  /**
   * JSON text merged into upstream request bodies.
   */
  'param_override': (string);
  /**
   * Largest prompt accepted, in tokens; 0 for no limit.
   */
  'max_input_tokens': (number);
  /**
   * `k8s:<namespace>/<name>` when a Kubernetes resource manages the channel (the console shows
   * it read-only and may only enable or disable it); empty otherwise.
   */
  'external_ref': (string);
  /**
   * The channel's circuit breaker as the relay replica that answered sees it (replicas share
   * every change); unset on the answers of writes.
   */
  'circuit': (_modelgate_relay_v1_ChannelCircuit__Output | null);
  /**
   * Requests per minute sent to the channel (all relay replicas); 0 for no cap.
   */
  'max_rpm': (number);
  /**
   * Tokens per minute the channel may use; 0 for no cap.
   */
  'max_tpm': (number);
  /**
   * Requests in flight per relay replica; 0 for no cap. More wait in the channel's queue.
   */
  'max_concurrency': (number);
  '_key'?: "key";
}
