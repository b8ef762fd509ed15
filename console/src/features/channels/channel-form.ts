import { type ConnectionFields, joinConnectionSettings, splitConnectionSettings } from './channel-connection';
import type { ChannelWrite, EditedChannel } from './channel-editor-api';
import { type ChannelTypeSpec, channelTypeSpec } from './channel-types';

/** The channel editor's values as typed (spec §3 Channel); numbers stay text until saved. */
export type ChannelFormValues = {
  type: number;
  name: string;
  base_url: string;
  other: string;
  /** On create one key per line (one channel each); on edit empty keeps the stored key. */
  key: string;
  openai_organization: string;
  models: string[];
  model_mapping: string;
  status_code_mapping: string;
  groups: string[];
  auto_ban: boolean;
  test_model: string;
  priority: string;
  weight: string;
  tag: string;
  max_input_tokens: string;
  /** The traffic caps, as typed; empty or 0 for no cap. */
  max_rpm: string;
  max_tpm: string;
  max_concurrency: string;
  /** The extra settings other than the connection keys, which the two fields below edit. */
  setting: string;
  param_override: string;
} & ConnectionFields;

/** The traffic caps of a channel (docs/adr/0025), each a whole number, 0 for no cap. */
export const CHANNEL_CAPS = ['max_rpm', 'max_tpm', 'max_concurrency'] as const;

export const DEFAULT_GROUP = 'default';

/** A new channel (spec §9 "default channel"): type 1, auto-ban on, group default, priority and weight 0. */
export function newChannelValues(): ChannelFormValues {
  return {
    type: 1,
    name: '',
    base_url: '',
    other: '',
    key: '',
    openai_organization: '',
    models: [],
    model_mapping: '',
    status_code_mapping: '',
    groups: [DEFAULT_GROUP],
    auto_ban: true,
    test_model: '',
    priority: '0',
    weight: '0',
    tag: '',
    max_input_tokens: '',
    max_rpm: '',
    max_tpm: '',
    max_concurrency: '',
    setting: '',
    param_override: '',
    upstream_connections: '',
    upstream_http2: false,
  };
}

/** A comma list as names: trimmed, blanks dropped, first occurrence kept. */
export function splitNames(text: string | null | undefined): string[] {
  return uniqueNames((text ?? '').split(/[,，]/));
}

export function uniqueNames(names: readonly string[]): string[] {
  return [...new Set(names.map((name) => name.trim()).filter(Boolean))];
}

/** JSON text pretty-printed for editing; anything that is not JSON is kept as stored. */
export function prettyJson(text: string | null | undefined): string {
  const value = (text ?? '').trim();
  if (!value) return '';
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The editor's values for a loaded channel (the key is never loaded: empty keeps it). */
export function channelValues(channel: EditedChannel): ChannelFormValues {
  return {
    type: channel.type,
    name: channel.name ?? '',
    base_url: channel.base_url ?? '',
    other: channel.other ?? '',
    key: '',
    openai_organization: channel.openai_organization ?? '',
    models: splitNames(channel.models),
    model_mapping: prettyJson(channel.model_mapping),
    status_code_mapping: prettyJson(channel.status_code_mapping),
    groups: splitNames(channel.group),
    auto_ban: channel.auto_ban !== 0,
    test_model: channel.test_model ?? '',
    priority: numberText(channel.priority),
    weight: numberText(channel.weight),
    tag: channel.tag ?? '',
    max_input_tokens: channel.max_input_tokens ? String(channel.max_input_tokens) : '',
    max_rpm: channel.max_rpm ? String(channel.max_rpm) : '',
    max_tpm: channel.max_tpm ? String(channel.max_tpm) : '',
    max_concurrency: channel.max_concurrency ? String(channel.max_concurrency) : '',
    ...splitConnectionSettings(channel.setting, prettyJson),
    param_override: prettyJson(channel.param_override),
  };
}

/** A base URL as saved: trimmed, trailing slashes removed (spec §5). */
export function stripTrailingSlash(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** True when the address ends in `/v1` (spec §5 asks to warn and confirm). */
export function endsWithV1(url: string): boolean {
  return /\/v1$/i.test(stripTrailingSlash(url));
}

/** The keys a create makes, one channel each (a JSON document key is one channel). */
export function keyLines(key: string, spec: ChannelTypeSpec): string[] {
  if (spec.key?.document) return key.trim() ? [key.trim()] : [];
  return uniqueNames(key.split('\n'));
}

/** Adds comma-separated custom names; refuses all of them when one is already listed. */
export function addCustomModels(current: readonly string[], input: string): { models: string[] } | { exists: string[] } {
  const added = splitNames(input);
  const exists = added.filter((name) => current.includes(name));
  if (exists.length > 0) return { exists };
  return { models: [...current, ...added] };
}

/** The current models plus fetched ones, without duplicates. */
export function mergeModels(current: readonly string[], fetched: readonly string[]): string[] {
  return uniqueNames([...current, ...fetched]);
}

/** Mapping keys (requested model names) the channel does not list: those requests never reach it. */
export function mappingKeysNotInModels(mapping: string, models: readonly string[]): string[] {
  try {
    const parsed: unknown = JSON.parse(mapping);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
    return Object.keys(parsed).filter((name) => !models.includes(name));
  } catch {
    return [];
  }
}

const optionalInteger = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

/**
 * The body the editor sends; call only after the values passed `validateChannel`. Every field is
 * sent; an empty key on edit is left out (the stored key stays). Empty numbers are left out
 * (spec §5 "empty values are ignored"), a negative weight is saved as 0.
 */
export function channelWrite(values: ChannelFormValues, creating: boolean): ChannelWrite {
  const spec = channelTypeSpec(values.type);
  const other = spec.otherField ? values.other.trim() || (spec.otherField.emptyMeans ?? '') : '';
  const weight = optionalInteger(values.weight);
  const write: ChannelWrite = {
    type: values.type,
    name: values.name.trim(),
    base_url: spec.baseUrlField ? stripTrailingSlash(values.base_url) : '',
    other,
    openai_organization: spec.organization ? values.openai_organization.trim() : '',
    models: uniqueNames(values.models).join(','),
    group: uniqueNames(values.groups).join(','),
    model_mapping: values.model_mapping.trim(),
    status_code_mapping: values.status_code_mapping.trim(),
    setting: joinConnectionSettings(values.setting, values),
    param_override: values.param_override.trim(),
    auto_ban: values.auto_ban ? 1 : 0,
    test_model: values.test_model.trim(),
    tag: values.tag.trim(),
  };
  const key = spec.key?.document ? values.key.trim() : keyLines(values.key, spec).join('\n');
  if (creating || key) write.key = key;
  const priority = optionalInteger(values.priority);
  if (priority !== undefined) write.priority = priority;
  if (weight !== undefined) write.weight = Math.max(weight, 0);
  const maxInput = optionalInteger(values.max_input_tokens);
  if (maxInput !== undefined) write.max_input_tokens = maxInput;
  // A cap left empty is sent as 0, so clearing the field removes the cap.
  for (const cap of CHANNEL_CAPS) write[cap] = optionalInteger(values[cap]) ?? 0;
  return write;
}

/** What every group of editor fields receives. */
export interface ChannelFieldsProps {
  values: ChannelFormValues;
  errors: Partial<Record<keyof ChannelFormValues, string>>;
  setField<Name extends keyof ChannelFormValues & string>(name: Name, value: ChannelFormValues[Name]): void;
  creating: boolean;
  /** Shown, never edited: a Kubernetes-managed channel, or one of a type the gateway does not serve yet. */
  readOnly: boolean;
}
