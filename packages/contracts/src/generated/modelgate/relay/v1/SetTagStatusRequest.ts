// Original file: proto/modelgate/relay/v1/channel_admin_service.proto


/**
 * SetTagStatusRequest names the tag and the status.
 */
export interface SetTagStatusRequest {
  /**
   * The tag.
   */
  'tag'?: (string);
  /**
   * True enables (1), false disables (2) every channel of the tag.
   */
  'enabled'?: (boolean);
}

/**
 * SetTagStatusRequest names the tag and the status.
 */
export interface SetTagStatusRequest__Output {
  /**
   * The tag.
   */
  'tag': (string);
  /**
   * True enables (1), false disables (2) every channel of the tag.
   */
  'enabled': (boolean);
}
