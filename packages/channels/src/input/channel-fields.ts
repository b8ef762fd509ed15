import { CHANNEL_PRIORITY, CHANNEL_WEIGHT, type ChannelFieldColumns } from '@modelgate/channel-types';
import { channelFieldsInput } from '@modelgate/contracts/api';
import { ValidationError } from '@modelgate/runtime';
import type { z } from 'zod';
import { ChannelMessage } from '../channel-messages';
import { checkChannelSetting, checkJsonObject, checkStatusCodeMapping } from './json-columns';
import { splitNameList } from './name-list';

/** Column sizes (the schema's) and caps against oversized input. */
export const ChannelLimits = {
  name: 255,
  tag: 255,
  testModel: 255,
  organization: 255,
  statusCodeMapping: 1024,
  modelName: 255,
  groupName: 64,
  baseUrl: 2048,
  /** A whole key field, every line of a batch included. */
  key: 1_000_000,
  /** `other`, `model_mapping`, `setting`, `param_override`. */
  text: 65_536,
  /** Channels one multi-line key may create. */
  keysPerCreate: 1000,
  /** Ids one batch call may name. */
  idsPerBatch: 10_000,
  maxPriority: 2 ** 53 - 1,
  maxInt32: 2 ** 31 - 1,
} as const;

/**
 * The channel fields a write may carry, named as in the `/api` JSON: the one field list of
 * `@modelgate/channel-types` with its base types (`@modelgate/contracts/api`). Types only; the
 * rules (and their messages) are applied by {@link normaliseChannelFields}. Unknown fields are
 * dropped, so the console may send the whole channel it loaded (counters and times included).
 */
export const channelFieldsSchema = channelFieldsInput;

/** A channel write as received: any field may be absent, null or empty. */
export type ChannelFieldsInput = z.input<typeof channelFieldsSchema>;

/**
 * The configuration columns of a channel the writers set (runtime columns excluded): the one
 * channel field list with its stored types. Models and groups are comma-joined, trimmed and
 * distinct; status is 1 enabled, 2 disabled, 3 auto-disabled (set only by the relay; writers keep
 * or replace it); `max_rpm` (all relay replicas together), `max_tpm` and `max_concurrency` (per
 * replica, more wait in the channel's queue) are 0 for no cap.
 */
export type ChannelConfig = ChannelFieldColumns;

/** The fields a write names with a value: absent, null and empty ones are left out. */
export type ChannelPatch = Partial<ChannelConfig>;

const invalid = (message: string) => new ValidationError(message, { code: 'invalid_channel' });

/** Parses `raw` against {@link channelFieldsSchema}; a wrong type becomes a readable message. */
export function parseChannelFields(raw: unknown): z.output<typeof channelFieldsSchema> {
  const result = channelFieldsSchema.safeParse(raw ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || '请求体';
  throw invalid(ChannelMessage.invalidInput(`${field} 的类型错误`));
}

/** A string field's trimmed value, or undefined when absent or blank. */
function present(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function capped(value: string | undefined, field: string, max: number): string | undefined {
  if (value !== undefined && value.length > max) throw invalid(ChannelMessage.tooLong(field, max));
  return value;
}

/** A base URL without trailing slashes; http(s) only. */
export function normaliseBaseUrl(raw: string): string {
  const url = raw.trim().replace(/\/+$/, '');
  if (url.length > ChannelLimits.baseUrl) throw invalid(ChannelMessage.tooLong('base_url', ChannelLimits.baseUrl));
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid(ChannelMessage.baseUrlInvalid);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw invalid(ChannelMessage.baseUrlInvalid);
  return url;
}

/** A priority: an integer within {@link CHANNEL_PRIORITY} (-999 to a million). */
export function checkPriority(value: number): number {
  if (!Number.isSafeInteger(value) || value < CHANNEL_PRIORITY.min || value > CHANNEL_PRIORITY.max) {
    throw new ValidationError(ChannelMessage.priorityInvalid, { code: 'channel_priority_out_of_range', details: { ...CHANNEL_PRIORITY } });
  }
  return value;
}

/** A single channel's weight: an integer up to {@link CHANNEL_WEIGHT}'s maximum, negative values stored as 0. */
export function normaliseWeight(value: number): number {
  if (!Number.isInteger(value) || value > CHANNEL_WEIGHT.max) {
    throw new ValidationError(ChannelMessage.weightInvalid, { code: 'channel_weight_out_of_range', details: { ...CHANNEL_WEIGHT } });
  }
  return Math.max(value, 0);
}

/** Comma-joined, trimmed, distinct model names; each at most 255 characters. */
export function normaliseModels(raw: string | readonly string[]): string {
  const models = splitNameList(raw);
  if (models.length === 0) throw invalid(ChannelMessage.modelsRequired);
  for (const model of models) {
    if (model.length > ChannelLimits.modelName) throw invalid(ChannelMessage.modelNameTooLong(ChannelLimits.modelName));
  }
  return models.join(',');
}

/** Comma-joined, trimmed, distinct group names (at least one); each at most 64 characters. */
export function normaliseGroups(raw: string | readonly string[]): string | undefined {
  const groups = splitNameList(raw);
  if (groups.length === 0) return undefined;
  for (const group of groups) {
    if (group.length > ChannelLimits.groupName) throw invalid(ChannelMessage.groupNameTooLong(ChannelLimits.groupName));
  }
  return groups.join(',');
}

/**
 * Applies the field rules of spec §5 "Channels" to one write and returns what it sets: absent,
 * null and empty fields are left out (on an edit they mean "unchanged"), strings are trimmed,
 * the base URL loses its trailing slashes, models and groups become trimmed distinct comma
 * lists, a negative weight becomes 0, JSON columns must hold JSON objects.
 */
export function normaliseChannelFields(raw: unknown): ChannelPatch {
  const input = parseChannelFields(raw);
  const patch: ChannelPatch = {};

  if (input.type !== null && input.type !== undefined && input.type !== 0) {
    if (!Number.isInteger(input.type)) throw invalid(ChannelMessage.unknownType(input.type));
    patch.type = input.type;
  }
  const name = capped(present(input.name), 'name', ChannelLimits.name);
  if (name !== undefined) patch.name = name;
  const key = capped(present(input.key), 'key', ChannelLimits.key);
  if (key !== undefined) patch.key = key;
  const organization = capped(present(input.openai_organization), 'openai_organization', ChannelLimits.organization);
  if (organization !== undefined) patch.openai_organization = organization;
  const testModel = capped(present(input.test_model), 'test_model', ChannelLimits.testModel);
  if (testModel !== undefined) patch.test_model = testModel;
  const baseUrl = present(input.base_url);
  if (baseUrl !== undefined) patch.base_url = normaliseBaseUrl(baseUrl);
  const other = capped(present(input.other), 'other', ChannelLimits.text);
  if (other !== undefined) patch.other = other;
  const tag = capped(present(input.tag), 'tag', ChannelLimits.tag);
  if (tag !== undefined) patch.tag = tag;

  if (input.models !== null && input.models !== undefined && present(joinIfList(input.models)) !== undefined) {
    patch.models = normaliseModels(input.models);
  }
  if (input.group !== null && input.group !== undefined) {
    const groups = normaliseGroups(input.group);
    if (groups !== undefined) patch.group = groups;
  }

  const modelMapping = capped(present(input.model_mapping), 'model_mapping', ChannelLimits.text);
  if (modelMapping !== undefined) {
    checkJsonObject(modelMapping, 'string', ChannelMessage.modelMappingInvalid);
    patch.model_mapping = modelMapping;
  }
  const statusCodeMapping = capped(present(input.status_code_mapping), 'status_code_mapping', ChannelLimits.statusCodeMapping);
  if (statusCodeMapping !== undefined) {
    checkStatusCodeMapping(statusCodeMapping);
    patch.status_code_mapping = statusCodeMapping;
  }
  const setting = capped(present(input.setting), 'setting', ChannelLimits.text);
  if (setting !== undefined) {
    checkChannelSetting(setting);
    patch.setting = setting;
  }
  const paramOverride = capped(present(input.param_override), 'param_override', ChannelLimits.text);
  if (paramOverride !== undefined) {
    checkJsonObject(paramOverride, 'any', ChannelMessage.paramOverrideInvalid);
    patch.param_override = paramOverride;
  }

  if (input.priority !== null && input.priority !== undefined) patch.priority = checkPriority(input.priority);
  if (input.weight !== null && input.weight !== undefined) patch.weight = normaliseWeight(input.weight);
  if (input.auto_ban !== null && input.auto_ban !== undefined) {
    if (input.auto_ban !== 0 && input.auto_ban !== 1) throw invalid(ChannelMessage.autoBanInvalid);
    patch.auto_ban = input.auto_ban;
  }
  if (input.status !== null && input.status !== undefined && input.status !== 0) {
    // 3 (auto-disabled) passes here so an edit may send back the status it loaded; the writers
    // refuse it as a new value.
    if (input.status !== 1 && input.status !== 2 && input.status !== 3) throw invalid(ChannelMessage.statusInvalid);
    patch.status = input.status;
  }
  if (input.max_input_tokens !== null && input.max_input_tokens !== undefined) {
    const max = input.max_input_tokens;
    if (!Number.isInteger(max) || max < 0 || max > ChannelLimits.maxInt32) throw invalid(ChannelMessage.maxInputTokensInvalid);
    patch.max_input_tokens = max;
  }
  for (const cap of ['max_rpm', 'max_tpm', 'max_concurrency'] as const) {
    const value = input[cap];
    if (value === null || value === undefined) continue;
    if (!Number.isInteger(value) || value < 0 || value > ChannelLimits.maxInt32) throw invalid(ChannelMessage.capInvalid(cap));
    patch[cap] = value;
  }
  return patch;
}

function joinIfList(value: string | readonly string[]): string {
  return typeof value === 'string' ? value : value.join(',');
}
