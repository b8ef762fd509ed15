import { CHANNEL_PRIORITY, CHANNEL_WEIGHT, UPSTREAM_CONNECTIONS } from '@modelgate/channel-types';
import type { FieldErrors } from '../../common/forms/field-spec';
import i18n from '../../i18n';
import type { zh } from '../../i18n/resources';
import type { ChannelFormValues } from './channel-form';
import { CHANNEL_CAPS, keyLines, stripTrailingSlash, uniqueNames } from './channel-form';
import { type ChannelTypeSpec, channelTypeSpec } from './channel-types';

/** The lowest priority a channel may have (spec §5), from the shared bounds. */
export const MIN_PRIORITY = CHANNEL_PRIORITY.min;

type ValidationKey = keyof (typeof zh)['channel']['editor']['validation'];

const message = (key: ValidationKey, options: { format?: string } = {}) => i18n.t(`channel:editor.validation.${key}`, options);

const isInteger = (text: string) => /^-?\d+$/.test(text.trim());
/** Largest value of a channel's integer columns. */
const MAX_INT32 = 2 ** 31 - 1;

/** The JSON object `text` holds, or undefined. */
function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A status code `{"429":"500"}` mapping: upstream 300-599 → 400-599, as the server applies it. */
function statusCodeMappingProblem(text: string): string | undefined {
  const object = jsonObject(text);
  if (!object) return message('statusCodeMappingInvalid');
  const status = (raw: unknown) =>
    typeof raw === 'number' && Number.isInteger(raw) ? raw : typeof raw === 'string' && /^\s*\d{3}\s*$/.test(raw) ? Number(raw) : NaN;
  const bad = Object.entries(object).some(([from, to]) => {
    const source = status(from);
    const target = status(to);
    return !(source >= 300 && source <= 599 && target >= 400 && target <= 599);
  });
  return bad ? message('statusCodeRange') : undefined;
}

/** Problems of the key field: required on create, each line in the type's format, one key on edit. */
function keyProblem(values: ChannelFormValues, spec: ChannelTypeSpec, creating: boolean): string | undefined {
  const keys = keyLines(values.key, spec);
  if (keys.length === 0) return creating ? message('nameAndKeyRequired') : undefined;
  if (!creating && keys.length > 1) return message('singleKeyOnEdit');
  if (spec.key?.document) return jsonObject(keys[0]) ? undefined : message('serviceAccountInvalid');
  const format = spec.key;
  if (format?.parts !== undefined) {
    const wrong = keys.some((key) => {
      const parts = key.split('|');
      return parts.length !== format.parts || parts.some((part) => part.trim() === '');
    });
    if (wrong) return message('keyFormat', { format: format.format });
  }
  return undefined;
}

function baseUrlProblem(values: ChannelFormValues, spec: ChannelTypeSpec): string | undefined {
  if (!spec.baseUrlField) return undefined;
  const url = stripTrailingSlash(values.base_url);
  if (!url) return spec.baseUrlField.required ? message('baseUrlRequired') : undefined;
  return isHttpUrl(url) ? undefined : message('baseUrlInvalid');
}

function otherProblem(values: ChannelFormValues, spec: ChannelTypeSpec): string | undefined {
  if (!spec.otherField) return undefined;
  const other = values.other.trim();
  if (!other) return spec.otherField.required ? message('otherRequired') : undefined;
  if (spec.otherField.label === 'vertexRegion' && other.startsWith('{')) {
    const regions = jsonObject(other);
    if (!regions || typeof regions.default !== 'string' || !regions.default.trim()) return message('vertexRegionInvalid');
  }
  return undefined;
}

function jsonProblem(text: string, key: ValidationKey, stringValues = false): string | undefined {
  if (!text.trim()) return undefined;
  const object = jsonObject(text);
  if (!object || (stringValues && Object.values(object).some((value) => typeof value !== 'string'))) return message(key);
  return undefined;
}

/** The problems of the values, per field, with the messages of spec §5 "Channels". */
export function validateChannel(values: ChannelFormValues, creating: boolean): FieldErrors<ChannelFormValues> {
  const spec = channelTypeSpec(values.type);
  const errors: FieldErrors<ChannelFormValues> = {};
  if (!values.name.trim()) errors.name = message('nameAndKeyRequired');
  errors.key = keyProblem(values, spec, creating);
  errors.base_url = baseUrlProblem(values, spec);
  errors.other = otherProblem(values, spec);
  if (uniqueNames(values.models).length === 0) errors.models = message('modelsRequired');
  errors.model_mapping = jsonProblem(values.model_mapping, 'modelMappingInvalid', true);
  if (values.status_code_mapping.trim()) errors.status_code_mapping = statusCodeMappingProblem(values.status_code_mapping);
  errors.setting = jsonProblem(values.setting, 'settingInvalid');
  errors.param_override = jsonProblem(values.param_override, 'paramOverrideInvalid');
  const priority = values.priority.trim();
  if (priority && (!isInteger(priority) || Number(priority) < CHANNEL_PRIORITY.min || Number(priority) > CHANNEL_PRIORITY.max)) {
    errors.priority = message('priorityInvalid');
  }
  const weight = values.weight.trim();
  if (weight && (!isInteger(weight) || Number(weight) > CHANNEL_WEIGHT.max)) errors.weight = message('weightInvalid');
  const maxInput = values.max_input_tokens.trim();
  if (maxInput && (!isInteger(maxInput) || Number(maxInput) < 0 || Number(maxInput) > MAX_INT32)) errors.max_input_tokens = message('maxInputTokensInvalid');
  for (const cap of CHANNEL_CAPS) {
    const text = values[cap].trim();
    if (text && (!isInteger(text) || Number(text) < 0 || Number(text) > MAX_INT32)) errors[cap] = message('capInvalid');
  }
  const connections = values.upstream_connections.trim();
  if (connections && (!isInteger(connections) || Number(connections) < UPSTREAM_CONNECTIONS.min || Number(connections) > UPSTREAM_CONNECTIONS.max)) {
    errors.upstream_connections = message('upstreamConnectionsInvalid');
  }
  for (const name of Object.keys(errors) as Array<keyof ChannelFormValues>) if (!errors[name]) delete errors[name];
  return errors;
}
