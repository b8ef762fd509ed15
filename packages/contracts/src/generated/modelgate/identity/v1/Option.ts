// Original file: proto/modelgate/identity/v1/identity_service.proto


/**
 * Option is one setting. Values are always text: booleans are "true" or "false", JSON values are
 * JSON text.
 */
export interface Option {
  /**
   * The option key, e.g. "SystemName" or "oidc.enabled".
   */
  'key'?: (string);
  /**
   * The option value as text.
   */
  'value'?: (string);
}

/**
 * Option is one setting. Values are always text: booleans are "true" or "false", JSON values are
 * JSON text.
 */
export interface Option__Output {
  /**
   * The option key, e.g. "SystemName" or "oidc.enabled".
   */
  'key': (string);
  /**
   * The option value as text.
   */
  'value': (string);
}
