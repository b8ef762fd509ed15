// Original file: proto/modelgate/relay/v1/channel_admin_service.proto


/**
 * ListModelsResponse lists model names.
 */
export interface ListModelsResponse {
  /**
   * Sorted, distinct model names.
   */
  'models'?: (string)[];
}

/**
 * ListModelsResponse lists model names.
 */
export interface ListModelsResponse__Output {
  /**
   * Sorted, distinct model names.
   */
  'models': (string)[];
}
