// Original file: proto/modelgate/relay/v1/channel_probe_service.proto


/**
 * UpdateAllBalancesResponse counts what the run did.
 */
export interface UpdateAllBalancesResponse {
  /**
   * Channels whose balance was read and stored.
   */
  'updated'?: (number);
  /**
   * Channels whose provider call failed (their stored balance is unchanged).
   */
  'failed'?: (number);
  /**
   * Enabled channels whose type has no balance query (not called).
   */
  'unsupported'?: (number);
  /**
   * Channels disabled because their balance was zero or less.
   */
  'disabled'?: (number);
}

/**
 * UpdateAllBalancesResponse counts what the run did.
 */
export interface UpdateAllBalancesResponse__Output {
  /**
   * Channels whose balance was read and stored.
   */
  'updated': (number);
  /**
   * Channels whose provider call failed (their stored balance is unchanged).
   */
  'failed': (number);
  /**
   * Enabled channels whose type has no balance query (not called).
   */
  'unsupported': (number);
  /**
   * Channels disabled because their balance was zero or less.
   */
  'disabled': (number);
}
