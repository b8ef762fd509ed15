import type { ChannelOptions } from '@grpc/grpc-js';

// Connection settings for gRPC between Modelgate services inside a Kubernetes cluster (or on
// loopback in the single-process mode). Callers may override any of them.

/** Largest message either side accepts: far above any Modelgate payload, far below memory trouble. */
export const DEFAULT_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

/**
 * Client channel defaults.
 *
 * - Keepalive pings every 30 s (also while idle) with a 10 s timeout find a peer that vanished
 *   without closing its connection (evicted pod, dead node, conntrack entry dropped) before a
 *   real call has to wait for its deadline. Our servers are grpc-js, which accepts these pings;
 *   C-core servers would need `grpc.http2.min_ping_interval_without_data_ms` lowered to match.
 * - Reconnect backoff capped at 5 s so a restarted pod is picked up quickly.
 */
export const DEFAULT_CLIENT_CHANNEL_OPTIONS: Readonly<ChannelOptions> = Object.freeze({
  'grpc.keepalive_time_ms': 30_000,
  'grpc.keepalive_timeout_ms': 10_000,
  'grpc.keepalive_permit_without_calls': 1,
  'grpc.initial_reconnect_backoff_ms': 250,
  'grpc.max_reconnect_backoff_ms': 5_000,
  'grpc.max_receive_message_length': DEFAULT_MAX_MESSAGE_BYTES,
  'grpc.max_send_message_length': DEFAULT_MAX_MESSAGE_BYTES,
});

/**
 * Server defaults.
 *
 * - `max_connection_age` of 5 minutes (plus 30 s grace for calls in flight) makes long-lived
 *   client connections reconnect now and then, so new replicas behind a Service get traffic
 *   instead of every client staying pinned to the pods that were up first.
 * - Server keepalive every 60 s drops connections of clients that disappeared.
 */
export const DEFAULT_SERVER_CHANNEL_OPTIONS: Readonly<ChannelOptions> = Object.freeze({
  'grpc.keepalive_time_ms': 60_000,
  'grpc.keepalive_timeout_ms': 20_000,
  'grpc.max_connection_age_ms': 5 * 60_000,
  'grpc.max_connection_age_grace_ms': 30_000,
  'grpc.max_receive_message_length': DEFAULT_MAX_MESSAGE_BYTES,
  'grpc.max_send_message_length': DEFAULT_MAX_MESSAGE_BYTES,
});
