// Original file: proto/modelgate/relay/v1/channel_admin_service.proto


/**
 * DeleteChannelsResponse counts the deleted channels.
 */
export interface DeleteChannelsResponse {
  /**
   * Channels deleted.
   */
  'deleted'?: (number);
}

/**
 * DeleteChannelsResponse counts the deleted channels.
 */
export interface DeleteChannelsResponse__Output {
  /**
   * Channels deleted.
   */
  'deleted': (number);
}
