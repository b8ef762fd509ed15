// Original file: proto/modelgate/identity/v1/account_service.proto


/**
 * UpdateSettingResponse carries the stored settings.
 */
export interface UpdateSettingResponse {
  /**
   * The settings as stored in `users.setting` (JSON text).
   */
  'setting'?: (string);
}

/**
 * UpdateSettingResponse carries the stored settings.
 */
export interface UpdateSettingResponse__Output {
  /**
   * The settings as stored in `users.setting` (JSON text).
   */
  'setting': (string);
}
