// Original file: proto/modelgate/identity/v1/identity_service.proto


/**
 * ResetModelRatioResponse reports whether the reset changed anything.
 */
export interface ResetModelRatioResponse {
  /**
   * ["ModelRatio"] when the stored table differed from the default, else empty.
   */
  'changed_keys'?: (string)[];
}

/**
 * ResetModelRatioResponse reports whether the reset changed anything.
 */
export interface ResetModelRatioResponse__Output {
  /**
   * ["ModelRatio"] when the stored table differed from the default, else empty.
   */
  'changed_keys': (string)[];
}
