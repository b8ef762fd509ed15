// Original file: proto/modelgate/relay/v1/channel_admin_service.proto


/**
 * ChannelFields are the fields of a create or an edit; absent or empty ones are unset
 * (defaults on create, unchanged on edit). The rules and their messages are spec §5 "Channels".
 */
export interface ChannelFields {
  /**
   * Channel type; 1 when absent on create.
   */
  'type'?: (number);
  /**
   * Display name; required on create.
   */
  'name'?: (string);
  /**
   * Upstream key; required on create, where each line makes a channel.
   */
  'key'?: (string);
  /**
   * OpenAI organization header.
   */
  'openai_organization'?: (string);
  /**
   * Preferred model of channel tests.
   */
  'test_model'?: (string);
  /**
   * Base URL (http or https); trailing slashes are removed.
   */
  'base_url'?: (string);
  /**
   * Type-specific extra (the catalogue's `otherField` of the type).
   */
  'other'?: (string);
  /**
   * Comma-joined model names; at least one on create. Trimmed and de-duplicated.
   */
  'models'?: (string);
  /**
   * Comma-joined group names; `default` when absent on create.
   */
  'group'?: (string);
  /**
   * JSON object text.
   */
  'model_mapping'?: (string);
  /**
   * JSON object text of status codes.
   */
  'status_code_mapping'?: (string);
  /**
   * JSON object text.
   */
  'setting'?: (string);
  /**
   * JSON object text.
   */
  'param_override'?: (string);
  /**
   * Integer, at least -999 (a double so a fractional value reaches the rule and its message).
   */
  'priority'?: (number | string);
  /**
   * Integer; negative values are stored as 0 (a double so a fractional value reaches the rule).
   */
  'weight'?: (number | string);
  /**
   * 1 or 0.
   */
  'auto_ban'?: (number);
  /**
   * 1 enabled or 2 disabled (3 only when sent back unchanged).
   */
  'status'?: (number);
  /**
   * Grouping label.
   */
  'tag'?: (string);
  /**
   * Largest prompt accepted, in tokens (0 no limit).
   */
  'max_input_tokens'?: (number);
  /**
   * Requests per minute (0 no cap).
   */
  'max_rpm'?: (number);
  /**
   * Tokens per minute (0 no cap).
   */
  'max_tpm'?: (number);
  /**
   * Requests in flight per relay replica (0 no cap).
   */
  'max_concurrency'?: (number);
  '_type'?: "type";
  '_name'?: "name";
  '_key'?: "key";
  '_openai_organization'?: "openai_organization";
  '_test_model'?: "test_model";
  '_base_url'?: "base_url";
  '_other'?: "other";
  '_models'?: "models";
  '_group'?: "group";
  '_model_mapping'?: "model_mapping";
  '_status_code_mapping'?: "status_code_mapping";
  '_setting'?: "setting";
  '_param_override'?: "param_override";
  '_priority'?: "priority";
  '_weight'?: "weight";
  '_auto_ban'?: "auto_ban";
  '_status'?: "status";
  '_tag'?: "tag";
  '_max_input_tokens'?: "max_input_tokens";
  '_max_rpm'?: "max_rpm";
  '_max_tpm'?: "max_tpm";
  '_max_concurrency'?: "max_concurrency";
}

/**
 * ChannelFields are the fields of a create or an edit; absent or empty ones are unset
 * (defaults on create, unchanged on edit). The rules and their messages are spec §5 "Channels".
 */
export interface ChannelFields__Output {
  /**
   * Channel type; 1 when absent on create.
   */
  'type'?: (number);
  /**
   * Display name; required on create.
   */
  'name'?: (string);
  /**
   * Upstream key; required on create, where each line makes a channel.
   */
  'key'?: (string);
  /**
   * OpenAI organization header.
   */
  'openai_organization'?: (string);
  /**
   * Preferred model of channel tests.
   */
  'test_model'?: (string);
  /**
   * Base URL (http or https); trailing slashes are removed.
   */
  'base_url'?: (string);
  /**
   * Type-specific extra (the catalogue's `otherField` of the type).
   */
  'other'?: (string);
  /**
   * Comma-joined model names; at least one on create. Trimmed and de-duplicated.
   */
  'models'?: (string);
  /**
   * Comma-joined group names; `default` when absent on create.
   */
  'group'?: (string);
  /**
   * JSON object text.
   */
  'model_mapping'?: (string);
  /**
   * JSON object text of status codes.
   */
  'status_code_mapping'?: (string);
  /**
   * JSON object text.
   */
  'setting'?: (string);
  /**
   * JSON object text.
   */
  'param_override'?: (string);
  /**
   * Integer, at least -999 (a double so a fractional value reaches the rule and its message).
   */
  'priority'?: (number);
  /**
   * Integer; negative values are stored as 0 (a double so a fractional value reaches the rule).
   */
  'weight'?: (number);
  /**
   * 1 or 0.
   */
  'auto_ban'?: (number);
  /**
   * 1 enabled or 2 disabled (3 only when sent back unchanged).
   */
  'status'?: (number);
  /**
   * Grouping label.
   */
  'tag'?: (string);
  /**
   * Largest prompt accepted, in tokens (0 no limit).
   */
  'max_input_tokens'?: (number);
  /**
   * Requests per minute (0 no cap).
   */
  'max_rpm'?: (number);
  /**
   * Tokens per minute (0 no cap).
   */
  'max_tpm'?: (number);
  /**
   * Requests in flight per relay replica (0 no cap).
   */
  'max_concurrency'?: (number);
  '_type'?: "type";
  '_name'?: "name";
  '_key'?: "key";
  '_openai_organization'?: "openai_organization";
  '_test_model'?: "test_model";
  '_base_url'?: "base_url";
  '_other'?: "other";
  '_models'?: "models";
  '_group'?: "group";
  '_model_mapping'?: "model_mapping";
  '_status_code_mapping'?: "status_code_mapping";
  '_setting'?: "setting";
  '_param_override'?: "param_override";
  '_priority'?: "priority";
  '_weight'?: "weight";
  '_auto_ban'?: "auto_ban";
  '_status'?: "status";
  '_tag'?: "tag";
  '_max_input_tokens'?: "max_input_tokens";
  '_max_rpm'?: "max_rpm";
  '_max_tpm'?: "max_tpm";
  '_max_concurrency'?: "max_concurrency";
}
