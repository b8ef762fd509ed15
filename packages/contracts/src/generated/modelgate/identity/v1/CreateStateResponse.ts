// Original file: proto/modelgate/identity/v1/oauth_service.proto


/**
 * CreateStateResponse carries the state to put in the provider redirect.
 */
export interface CreateStateResponse {
  /**
   * Random one-time state, valid 10 minutes.
   */
  'state'?: (string);
}

/**
 * CreateStateResponse carries the state to put in the provider redirect.
 */
export interface CreateStateResponse__Output {
  /**
   * Random one-time state, valid 10 minutes.
   */
  'state': (string);
}
