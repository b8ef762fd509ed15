// Original file: proto/modelgate/relay/v1/channel_admin_service.proto


/**
 * EditTagResponse counts the edited channels.
 */
export interface EditTagResponse {
  /**
   * Channels edited.
   */
  'updated'?: (number);
}

/**
 * EditTagResponse counts the edited channels.
 */
export interface EditTagResponse__Output {
  /**
   * Channels edited.
   */
  'updated': (number);
}
