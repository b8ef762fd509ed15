/**
 * `@modelgate/channel-types`: the channel-type catalogue, declared once. Relay reads how to reach
 * each type's upstream, the channels library validates writes with it, the operator maps provider
 * names with it and the console builds its type picker from it.
 */
export { BEDROCK_CLAUDE_MODELS, bedrockModelId } from './bedrock-models';
export { CHANNEL_TYPES } from './catalogue';
export { CHANNEL_PRIORITY, CHANNEL_WEIGHT } from './channel-bounds';
export {
  CHANNEL_FIELD_NAMES,
  CHANNEL_FIELDS,
  type ChannelFieldKind,
  type ChannelFieldColumns,
  type ChannelFieldName,
  type ChannelFieldProto,
  type ChannelFieldSpec,
  type ChannelFieldsWrite,
  type ChannelFieldValues,
} from './channel-fields';
export {
  catalogueModels,
  channelTypeByProvider,
  type ChannelTypeStanding,
  channelTypeStanding,
  channelTypeSupport,
  defaultModelsByType,
  findChannelType,
  isServedChannelType,
  servedChannelTypeNames,
  servedProtocols,
} from './lookup';
export {
  type BalanceApi,
  CHANNEL_OTHER,
  CHANNEL_TYPE_GROUPS,
  type ChannelType,
  type ChannelTypeGroup,
  type ExtraField,
  type ExtraFieldLabel,
  type KeyFormat,
  type KeyHint,
  OPENAI_ENDPOINTS,
  type OpenAIEndpoint,
  type OpenAIQuirks,
  RESPONSES_ENDPOINTS,
  type ResponsesEndpoint,
  type UnservedNote,
  type UnservedReason,
  type VendorRules,
} from './channel-type';
export {
  AUTH_STYLES,
  type AuthStyle,
  SCHEMA_SUPPORT,
  type SchemaSupport,
  TASK_PROTOCOLS,
  type TaskProtocol,
  WIRE_PROTOCOLS,
  WIRE_SCHEMAS,
  type WireProtocol,
  type WireSchema,
} from './schemas';
export {
  CHANNEL_SETTING_KEYS,
  type ChannelConnectionSettings,
  channelConnectionSettings,
  type ChannelSettingKey,
  channelSettingObject,
  connectionSettingProblem,
  DEFAULT_CONNECTION_SETTINGS,
  UPSTREAM_CONNECTIONS,
} from './channel-settings';
