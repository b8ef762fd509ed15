// Original file: proto/modelgate/relay/v1/relay_service.proto


/**
 * ListEnabledModelsRequest optionally narrows the list to one user group.
 */
export interface ListEnabledModelsRequest {
  /**
   * The user group (e.g. "default", "vip"); empty means every group.
   */
  'group'?: (string);
}

/**
 * ListEnabledModelsRequest optionally narrows the list to one user group.
 */
export interface ListEnabledModelsRequest__Output {
  /**
   * The user group (e.g. "default", "vip"); empty means every group.
   */
  'group': (string);
}
