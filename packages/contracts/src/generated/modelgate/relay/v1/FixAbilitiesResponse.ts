// Original file: proto/modelgate/relay/v1/channel_admin_service.proto


/**
 * FixAbilitiesResponse counts what was rebuilt.
 */
export interface FixAbilitiesResponse {
  /**
   * Channels whose abilities were rebuilt.
   */
  'channels'?: (number);
  /**
   * Ability rows written.
   */
  'abilities'?: (number);
}

/**
 * FixAbilitiesResponse counts what was rebuilt.
 */
export interface FixAbilitiesResponse__Output {
  /**
   * Channels whose abilities were rebuilt.
   */
  'channels': (number);
  /**
   * Ability rows written.
   */
  'abilities': (number);
}
