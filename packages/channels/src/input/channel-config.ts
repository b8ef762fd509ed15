import { DEFAULT_GROUP } from '@modelgate/db';
import { ValidationError } from '@modelgate/runtime';
import { type ChannelType, channelTypeSupport, findChannelType } from '@modelgate/channel-types';
import { ChannelMessage } from '../channel-messages';
import { type ChannelConfig, ChannelLimits, type ChannelPatch, normaliseChannelFields } from './channel-fields';

const invalid = (message: string) => new ValidationError(message, { code: 'invalid_channel' });

/** A new channel's values for what the admin left out (spec §9 "default channel"). */
export const CHANNEL_DEFAULTS: Omit<ChannelConfig, 'name' | 'key' | 'models'> = Object.freeze({
  type: 1,
  openai_organization: null,
  test_model: null,
  base_url: '',
  other: '',
  group: DEFAULT_GROUP,
  model_mapping: null,
  status_code_mapping: '',
  setting: null,
  param_override: null,
  priority: 0,
  weight: 0,
  auto_ban: 1,
  status: 1,
  tag: null,
  max_input_tokens: 0,
  max_rpm: 0,
  max_tpm: 0,
  max_concurrency: 0,
});

/** The catalogue entry of `type`; unknown types are refused. */
export function knownType(type: number): ChannelType {
  const entry = findChannelType(type);
  if (!entry) throw invalid(ChannelMessage.unknownType(type));
  return entry;
}

/** The catalogue entry of `type`, refused when unknown or when the gateway cannot serve it yet. */
export function servedType(type: number): ChannelType {
  const entry = knownType(type);
  const support = channelTypeSupport(entry);
  if (!support.served) {
    throw new ValidationError(ChannelMessage.typeNotSupported(entry.name, entry.id, support.reason), {
      code: 'channel_type_not_supported',
    });
  }
  return entry;
}

/** Refuses a key that does not have the parts its type's format names (`APIKey|SecretKey`, …). */
export function checkKeyFormat(type: ChannelType, key: string): void {
  if (type.key?.document) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(key);
    } catch {
      throw invalid(ChannelMessage.serviceAccountInvalid);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalid(ChannelMessage.serviceAccountInvalid);
    return;
  }
  const format = type.key;
  if (format?.parts === undefined) return;
  const parts = key.split('|');
  if (parts.length !== format.parts || parts.some((part) => part.trim() === '')) {
    throw invalid(ChannelMessage.keyFormat(format.format));
  }
}

/** The channel's keys, one per line, except for types whose key is one document. */
export function splitKeys(type: ChannelType, key: string): string[] {
  if (type.key?.document) return [key];
  return [...new Set(key.split('\n').map((line) => line.trim()).filter((line) => line !== ''))];
}

/** Type-specific defaults applied to a finished configuration (an empty `other` takes its field's `emptyMeans`). */
function withTypeDefaults(config: ChannelConfig, type: ChannelType): ChannelConfig {
  const emptyMeans = type.otherField?.emptyMeans;
  return config.other === '' && emptyMeans !== undefined ? { ...config, other: emptyMeans } : config;
}

/**
 * The channels a create request makes: one per line of a multi-line key (a service-account
 * JSON is one key), each with every other field the same. Name, key and at least one model are
 * required; the rest defaults as spec §9's default channel. A type the gateway cannot serve yet is
 * refused with its reason.
 */
export function newChannelConfigs(raw: unknown): ChannelConfig[] {
  const patch = normaliseChannelFields(raw);
  if (patch.name === undefined || patch.key === undefined) throw invalid(ChannelMessage.nameAndKeyRequired);
  if (patch.models === undefined) throw invalid(ChannelMessage.modelsRequired);
  if (patch.status === 3) throw invalid(ChannelMessage.statusInvalid);
  const type = servedType(patch.type ?? CHANNEL_DEFAULTS.type);
  const keys = splitKeys(type, patch.key);
  if (keys.length > ChannelLimits.keysPerCreate) throw invalid(ChannelMessage.tooManyKeys(ChannelLimits.keysPerCreate));
  for (const key of keys) checkKeyFormat(type, key);
  const base: ChannelConfig = { ...CHANNEL_DEFAULTS, ...patch, name: patch.name, key: patch.key, models: patch.models };
  return keys.map((key) => withTypeDefaults({ ...base, key }, type));
}

/**
 * One channel's configuration as a declarative source (the Kubernetes operator) states it: the
 * whole configuration, with defaults for what it leaves out, and exactly one key.
 */
export function desiredChannelConfig(raw: unknown): ChannelConfig {
  const patch = normaliseChannelFields(raw);
  if (patch.name === undefined || patch.key === undefined) throw invalid(ChannelMessage.nameAndKeyRequired);
  if (patch.models === undefined) throw invalid(ChannelMessage.modelsRequired);
  if (patch.status === 3) throw invalid(ChannelMessage.statusInvalid);
  const type = servedType(patch.type ?? CHANNEL_DEFAULTS.type);
  if (!type.key?.document && patch.key.includes('\n')) throw invalid(ChannelMessage.externalKeySingle);
  checkKeyFormat(type, patch.key);
  return withTypeDefaults({ ...CHANNEL_DEFAULTS, ...patch, name: patch.name, key: patch.key, models: patch.models }, type);
}

/**
 * An edit applied to the stored configuration: only the fields the edit names change; the key
 * only when a non-empty one is sent (and it must be a single key of the type's format). A channel
 * of a type the gateway cannot serve yet may only be enabled or disabled (or deleted), and no
 * channel may be turned into one.
 */
export function editedChannelConfig(current: ChannelConfig, patch: ChannelPatch): ChannelConfig {
  if (patch.status === 3 && current.status !== 3) throw invalid(ChannelMessage.statusInvalid);
  const type = findChannelType(patch.type ?? current.type);
  if (patch.type !== undefined) knownType(patch.type);
  if (patch.key !== undefined) {
    if (!type?.key?.document && patch.key.includes('\n')) throw invalid(ChannelMessage.singleKeyOnEdit);
    if (type) checkKeyFormat(type, patch.key);
  }
  const next = type ? withTypeDefaults({ ...current, ...patch }, type) : { ...current, ...patch };
  const changed = changedFields(current, next);
  // A stored type the catalogue no longer lists stays editable as long as the edit keeps it.
  if (next.type !== current.type) servedType(next.type);
  else if (type && changed.some((field) => field !== 'status')) servedType(type.id);
  return next;
}

/** The fields of `next` that differ from `current`. */
export function changedFields(current: ChannelConfig, next: ChannelConfig): Array<keyof ChannelConfig> {
  return (Object.keys(next) as Array<keyof ChannelConfig>).filter((field) => next[field] !== current[field]);
}
