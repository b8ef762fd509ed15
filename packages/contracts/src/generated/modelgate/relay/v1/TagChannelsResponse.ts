// Original file: proto/modelgate/relay/v1/channel_admin_service.proto


/**
 * TagChannelsResponse counts the tagged channels.
 */
export interface TagChannelsResponse {
  /**
   * Channels tagged.
   */
  'updated'?: (number);
}

/**
 * TagChannelsResponse counts the tagged channels.
 */
export interface TagChannelsResponse__Output {
  /**
   * Channels tagged.
   */
  'updated': (number);
}
