// Original file: proto/modelgate/relay/v1/channel_admin_service.proto


/**
 * DeleteDisabledChannelsResponse counts the deleted channels.
 */
export interface DeleteDisabledChannelsResponse {
  /**
   * Channels deleted.
   */
  'deleted'?: (number);
}

/**
 * DeleteDisabledChannelsResponse counts the deleted channels.
 */
export interface DeleteDisabledChannelsResponse__Output {
  /**
   * Channels deleted.
   */
  'deleted': (number);
}
