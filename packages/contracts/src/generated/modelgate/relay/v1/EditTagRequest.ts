// Original file: proto/modelgate/relay/v1/channel_admin_service.proto


/**
 * EditTagRequest names the tag and what to overwrite; absent or empty fields are unchanged.
 */
export interface EditTagRequest {
  /**
   * The tag edited.
   */
  'tag'?: (string);
  /**
   * New tag; an empty string dissolves the tag.
   */
  'new_tag'?: (string);
  /**
   * JSON object text.
   */
  'model_mapping'?: (string);
  /**
   * Comma-joined model names.
   */
  'models'?: (string);
  /**
   * Comma-joined group names.
   */
  'groups'?: (string);
  /**
   * Integer, at least -999.
   */
  'priority'?: (number | string);
  /**
   * Non-negative integer.
   */
  'weight'?: (number | string);
  '_new_tag'?: "new_tag";
  '_model_mapping'?: "model_mapping";
  '_models'?: "models";
  '_groups'?: "groups";
  '_priority'?: "priority";
  '_weight'?: "weight";
}

/**
 * EditTagRequest names the tag and what to overwrite; absent or empty fields are unchanged.
 */
export interface EditTagRequest__Output {
  /**
   * The tag edited.
   */
  'tag': (string);
  /**
   * New tag; an empty string dissolves the tag.
   */
  'new_tag'?: (string);
  /**
   * JSON object text.
   */
  'model_mapping'?: (string);
  /**
   * Comma-joined model names.
   */
  'models'?: (string);
  /**
   * Comma-joined group names.
   */
  'groups'?: (string);
  /**
   * Integer, at least -999.
   */
  'priority'?: (number);
  /**
   * Non-negative integer.
   */
  'weight'?: (number);
  '_new_tag'?: "new_tag";
  '_model_mapping'?: "model_mapping";
  '_models'?: "models";
  '_groups'?: "groups";
  '_priority'?: "priority";
  '_weight'?: "weight";
}
