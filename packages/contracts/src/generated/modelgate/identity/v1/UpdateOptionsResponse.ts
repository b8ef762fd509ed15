// Original file: proto/modelgate/identity/v1/identity_service.proto


/**
 * UpdateOptionsResponse reports what the update changed.
 */
export interface UpdateOptionsResponse {
  /**
   * Keys whose stored value differs from before the update, in request order.
   */
  'changed_keys'?: (string)[];
}

/**
 * UpdateOptionsResponse reports what the update changed.
 */
export interface UpdateOptionsResponse__Output {
  /**
   * Keys whose stored value differs from before the update, in request order.
   */
  'changed_keys': (string)[];
}
