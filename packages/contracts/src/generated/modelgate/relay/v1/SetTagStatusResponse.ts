// Original file: proto/modelgate/relay/v1/channel_admin_service.proto


/**
 * SetTagStatusResponse counts the channels of the tag.
 */
export interface SetTagStatusResponse {
  /**
   * Channels changed.
   */
  'updated'?: (number);
}

/**
 * SetTagStatusResponse counts the channels of the tag.
 */
export interface SetTagStatusResponse__Output {
  /**
   * Channels changed.
   */
  'updated': (number);
}
