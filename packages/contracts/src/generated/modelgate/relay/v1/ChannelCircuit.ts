// Original file: proto/modelgate/relay/v1/channel_admin_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * ChannelCircuit is a channel's circuit breaker: while open, routing keeps traffic away from the
 * channel (unless no other can serve); after the cool-down one probe request decides.
 */
export interface ChannelCircuit {
  /**
   * `closed`, `open` or `half-open` (its probe under way).
   */
  'state'?: (string);
  /**
   * Why it opened: the last failure's status and message; empty when closed.
   */
  'reason'?: (string);
  /**
   * Unix milliseconds of the last change of state; 0 when it never changed.
   */
  'since'?: (number | string | Long);
  /**
   * Unix milliseconds when an open breaker lets its probe through, or a half-open one's probe
   * expires; 0 when closed.
   */
  'retry_at'?: (number | string | Long);
  /**
   * Failures in a row right now.
   */
  'consecutive_failures'?: (number);
}

/**
 * ChannelCircuit is a channel's circuit breaker: while open, routing keeps traffic away from the
 * channel (unless no other can serve); after the cool-down one probe request decides.
 */
export interface ChannelCircuit__Output {
  /**
   * `closed`, `open` or `half-open` (its probe under way).
   */
  'state': (string);
  /**
   * Why it opened: the last failure's status and message; empty when closed.
   */
  'reason': (string);
  /**
   * Unix milliseconds of the last change of state; 0 when it never changed.
   */
  'since': (string);
  /**
   * Unix milliseconds when an open breaker lets its probe through, or a half-open one's probe
   * expires; 0 when closed.
   */
  'retry_at': (string);
  /**
   * Failures in a row right now.
   */
  'consecutive_failures': (number);
}
