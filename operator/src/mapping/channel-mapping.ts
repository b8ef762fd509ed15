/**
 * Pure mapping of a Channel resource (and its resolved key) to the fields the channel-writing
 * module takes (`ExternalChannelWriter.upsertExternal`). No I/O: testable without a cluster.
 */
import { createHash } from 'node:crypto';
import { CHANNEL_SETTING_KEYS, type ChannelFieldsWrite, channelTypeByProvider, channelTypeSupport } from '@modelgate/channel-types';
import { type ChannelResource, DEFAULT_SECRET_KEY, type DeletionPolicy } from '../resource/channel-resource';

/** A spec the operator refuses before any database write (`Accepted=False`). */
export class ChannelSpecError extends Error {
  constructor(
    message: string,
    readonly reason = 'InvalidSpec',
  ) {
    super(message);
    this.name = 'ChannelSpecError';
  }
}

/** What `upsertExternal` is called with for one resource. */
export interface DesiredChannel {
  /**
   * The fields, from the one channel field list (`CHANNEL_FIELDS`, the `/api` JSON names) that
   * the channel-writing module reads: a name or value kind outside it does not compile.
   */
  fields: ChannelFieldsWrite;
  /** `enabled` option of the write; see {@link mapChannel}. */
  enabled: boolean | undefined;
  keyFingerprint: string;
}

/** Where the key lives: the Secret in the Channel's namespace and its data key. */
export function secretReference(resource: ChannelResource): { namespace: string; name: string; key: string } {
  const ref = resource.spec.apiKeySecretRef;
  return { namespace: resource.metadata?.namespace ?? '', name: ref.name, key: ref.key ?? DEFAULT_SECRET_KEY };
}

export function deletionPolicyOf(resource: ChannelResource): DeletionPolicy {
  return resource.spec.deletionPolicy ?? 'Delete';
}

/** First 12 hex digits of the key's SHA-256 (the key as stored: trimmed). */
export function keyFingerprint(key: string): string {
  return createHash('sha256').update(key.trim()).digest('hex').slice(0, 12);
}

/** JSON text of an object with its keys sorted (stable, so an unchanged spec compares equal). */
export function sortedJson(object: Record<string, unknown> | undefined): string | undefined {
  if (object === undefined || Object.keys(object).length === 0) return undefined;
  return JSON.stringify(sortKeys(object));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value as object)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}

/**
 * Semantic checks the CRD states as CEL rules (the API server enforces them; a server without CEL,
 * or an object stored before a rule existed, must not slip through).
 */
function checkSpec(resource: ChannelResource): void {
  const { spec } = resource;
  if (!spec || typeof spec !== 'object') throw new ChannelSpecError('spec is missing');
  if (!Array.isArray(spec.models) || spec.models.length === 0) throw new ChannelSpecError('spec.models must list at least one model');
  if (!spec.apiKeySecretRef?.name) throw new ChannelSpecError('spec.apiKeySecretRef.name is required');
  const models = new Set(spec.models.map((model) => model.trim()));
  for (const from of Object.keys(spec.modelMapping ?? {})) {
    if (!models.has(from)) throw new ChannelSpecError(`every modelMapping key must also be listed in models (${from} is not)`);
  }
  if (spec.testModel !== undefined && !models.has(spec.testModel.trim())) throw new ChannelSpecError('testModel must be one of models');
  const settings = spec.settings ?? {};
  if (settings.apiVersion !== undefined && settings.other !== undefined) {
    throw new ChannelSpecError('settings.apiVersion and settings.other fill the same field; set one of them');
  }
}

/**
 * Checks what can be checked without the key and returns the channel type id (the catalogue's
 * type of the provider name). Throws {@link ChannelSpecError}.
 */
export function acceptSpec(resource: ChannelResource): number {
  checkSpec(resource);
  const { spec } = resource;
  const type = channelTypeByProvider(spec.type);
  if (type === undefined) throw new ChannelSpecError(`unknown channel type ${JSON.stringify(spec.type)}`, 'UnknownType');
  const support = channelTypeSupport(type);
  if (!support.served) {
    throw new ChannelSpecError(`channel type ${spec.type} (${type.name}) is not supported yet: ${support.reason}`, 'TypeNotSupported');
  }
  if (type.baseUrlField?.required && !spec.baseURL) throw new ChannelSpecError(`baseURL is required for type ${spec.type}`);
  return type.id;
}

/** The channel's extra settings the spec states: its connection cap and HTTP/2 choice, when set. */
function connectionSetting(spec: ChannelResource['spec']): Record<string, unknown> {
  const setting: Record<string, unknown> = {};
  const connections = spec.limits?.upstreamConnections ?? 0;
  if (connections > 0) setting[CHANNEL_SETTING_KEYS.upstreamConnections] = connections;
  if (spec.settings?.upstreamHTTP2 === true) setting[CHANNEL_SETTING_KEYS.upstreamHttp2] = true;
  return setting;
}

/**
 * The write for `resource` with `key`. `specChanged` (the generation differs from
 * `status.observedGeneration`): `disabled: false` re-enables a disabled channel only on a spec
 * change, so an enable/disable made in the console lasts until the resource is edited;
 * `disabled: true` always wins.
 */
export function mapChannel(resource: ChannelResource, key: string, specChanged: boolean): DesiredChannel {
  const type = acceptSpec(resource);
  const { spec } = resource;
  const settings = spec.settings ?? {};
  const fields: ChannelFieldsWrite = {
    type,
    name: spec.displayName ?? `${resource.metadata?.namespace}/${resource.metadata?.name}`,
    key,
    models: spec.models,
    group: spec.groups ?? ['default'],
    priority: spec.priority ?? 0,
    weight: spec.weight ?? 0,
    auto_ban: spec.autoBan === false ? 0 : 1,
    base_url: spec.baseURL ?? null,
    model_mapping: sortedJson(spec.modelMapping) ?? null,
    status_code_mapping: sortedJson(spec.statusCodeMapping) ?? null,
    tag: spec.tag ?? null,
    test_model: spec.testModel ?? null,
    openai_organization: settings.organization ?? null,
    other: settings.apiVersion ?? settings.other ?? null,
    max_input_tokens: settings.maxInputTokens ?? 0,
    max_rpm: spec.limits?.requestsPerMinute ?? 0,
    max_tpm: spec.limits?.tokensPerMinute ?? 0,
    max_concurrency: spec.limits?.concurrency ?? 0,
    param_override: sortedJson(settings.paramOverride) ?? null,
    setting: sortedJson(connectionSetting(spec)) ?? null,
  };
  const enabled = spec.disabled === true ? false : specChanged ? true : undefined;
  return { fields, enabled, keyFingerprint: keyFingerprint(key) };
}
