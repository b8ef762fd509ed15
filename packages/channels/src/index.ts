/**
 * `@modelgate/channels`: the one module that writes channels — validation (against the channel-type
 * catalogue of `@modelgate/channel-types`), the channel row and its abilities in one transaction,
 * then the `config.channel.changed` event. Used by relay's channel administration and by the
 * Kubernetes operator.
 */
export { ChannelMessage } from './channel-messages';
export { ChannelWriter, type ChannelChangeReason, type ChannelEditor, type ChannelWriterDeps } from './channel-writer';
export {
  checkExternalRef,
  ExternalChannelWriter,
  kubernetesRef,
  type ExternalSyncOptions,
  type ExternalSyncResult,
} from './external-channel-writer';
export {
  CHANNEL_DEFAULTS,
  desiredChannelConfig,
  editedChannelConfig,
  newChannelConfigs,
} from './input/channel-config';
export {
  type ChannelConfig,
  type ChannelFieldsInput,
  ChannelLimits,
  channelFieldsSchema,
  type ChannelPatch,
  normaliseBaseUrl,
  normaliseChannelFields,
} from './input/channel-fields';
export { splitNameList } from './input/name-list';
export { normaliseTagEdit, tagEditSchema, type TagEdit } from './input/tag-edit';
export { rebuildAbilities, rebuildAllAbilities } from './store/abilities';
export { channelIdFromText, isManaged } from './store/channel-rows';
