// Original file: proto/modelgate/relay/v1/channel_admin_service.proto


/**
 * TypeModels is one channel type's default models.
 */
export interface TypeModels {
  /**
   * Channel type.
   */
  'type'?: (number);
  /**
   * The type's English display name.
   */
  'name'?: (string);
  /**
   * Its default models.
   */
  'models'?: (string)[];
}

/**
 * TypeModels is one channel type's default models.
 */
export interface TypeModels__Output {
  /**
   * Channel type.
   */
  'type': (number);
  /**
   * The type's English display name.
   */
  'name': (string);
  /**
   * Its default models.
   */
  'models': (string)[];
}
