// Original file: proto/modelgate/relay/v1/relay_service.proto


/**
 * ListEnabledModelsResponse lists model names.
 */
export interface ListEnabledModelsResponse {
  /**
   * Model names, sorted and without duplicates.
   */
  'models'?: (string)[];
}

/**
 * ListEnabledModelsResponse lists model names.
 */
export interface ListEnabledModelsResponse__Output {
  /**
   * Model names, sorted and without duplicates.
   */
  'models': (string)[];
}
