import { DEFAULT_GROUP } from '@modelgate/db';
import { ValidationError } from '@modelgate/runtime';
import { channelTypeEntry, type ChannelTypeEntry } from '../catalogue/channel-type-catalogue';
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
});

/** The catalogue entry of `type`; unknown types are refused. */
export function knownType(type: number): ChannelTypeEntry {
  const entry = channelTypeEntry(type);
  if (!entry) throw invalid(ChannelMessage.unknownType(type));
  return entry;
}

/** Refuses a key that does not have the parts its type's format names (`APIKey|SecretKey`, …). */
export function checkKeyFormat(type: ChannelTypeEntry, key: string): void {
  if (type.keyIsDocument) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(key);
    } catch {
      throw invalid(ChannelMessage.serviceAccountInvalid);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalid(ChannelMessage.serviceAccountInvalid);
    return;
  }
  if (type.keyParts === undefined) return;
  const parts = key.split('|');
  if (parts.length !== type.keyParts || parts.some((part) => part.trim() === '')) {
    throw invalid(ChannelMessage.keyFormat(type.keyFormat ?? ''));
  }
}

/** The channel's keys, one per line, except for types whose key is one document. */
export function splitKeys(type: ChannelTypeEntry, key: string): string[] {
  if (type.keyIsDocument) return [key];
  return [...new Set(key.split('\n').map((line) => line.trim()).filter((line) => line !== ''))];
}

/** Type-specific defaults applied to a finished configuration (type 18 `other` → `v2.1`). */
function withTypeDefaults(config: ChannelConfig, type: ChannelTypeEntry): ChannelConfig {
  return config.other === '' && type.defaultOther !== undefined ? { ...config, other: type.defaultOther } : config;
}

/**
 * The channels a create request makes: one per line of a multi-line key (a service-account
 * JSON is one key), each with every other field the same. Name, key and at least one model are
 * required; the rest defaults as spec §9's default channel.
 */
export function newChannelConfigs(raw: unknown): ChannelConfig[] {
  const patch = normaliseChannelFields(raw);
  if (patch.name === undefined || patch.key === undefined) throw invalid(ChannelMessage.nameAndKeyRequired);
  if (patch.models === undefined) throw invalid(ChannelMessage.modelsRequired);
  if (patch.status === 3) throw invalid(ChannelMessage.statusInvalid);
  const type = knownType(patch.type ?? CHANNEL_DEFAULTS.type);
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
  const type = knownType(patch.type ?? CHANNEL_DEFAULTS.type);
  if (!type.keyIsDocument && patch.key.includes('\n')) throw invalid(ChannelMessage.externalKeySingle);
  checkKeyFormat(type, patch.key);
  return withTypeDefaults({ ...CHANNEL_DEFAULTS, ...patch, name: patch.name, key: patch.key, models: patch.models }, type);
}

/**
 * An edit applied to the stored configuration: only the fields the edit names change; the key
 * only when a non-empty one is sent (and it must be a single key of the type's format).
 */
export function editedChannelConfig(current: ChannelConfig, patch: ChannelPatch): ChannelConfig {
  if (patch.status === 3 && current.status !== 3) throw invalid(ChannelMessage.statusInvalid);
  // A stored type the catalogue no longer lists stays editable as long as the edit keeps it.
  const type = patch.type !== undefined ? knownType(patch.type) : channelTypeEntry(current.type);
  if (patch.key !== undefined) {
    if (!type?.keyIsDocument && patch.key.includes('\n')) throw invalid(ChannelMessage.singleKeyOnEdit);
    if (type) checkKeyFormat(type, patch.key);
  }
  const next = { ...current, ...patch };
  return type ? withTypeDefaults(next, type) : next;
}

/** The fields of `next` that differ from `current`. */
export function changedFields(current: ChannelConfig, next: ChannelConfig): Array<keyof ChannelConfig> {
  return (Object.keys(next) as Array<keyof ChannelConfig>).filter((field) => next[field] !== current[field]);
}
