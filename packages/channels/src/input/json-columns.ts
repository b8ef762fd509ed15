import { CHANNEL_SETTING_KEYS, connectionSettingProblem } from '@modelgate/channel-types';
import { ValidationError } from '@modelgate/runtime';
import { ChannelMessage } from '../channel-messages';

const invalid = (message: string) => new ValidationError(message, { code: 'invalid_channel' });

/** The JSON object `text` holds, or undefined when it is not JSON or not an object. */
function parseObject(text: string): Record<string, unknown> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : undefined;
}

/**
 * Refuses with `message` unless `text` is a JSON object; with `values: 'string'` every value
 * must be a string too (a model mapping: requested name → upstream name).
 */
export function checkJsonObject(text: string, values: 'string' | 'any', message: string): Record<string, unknown> {
  const object = parseObject(text);
  if (!object) throw invalid(message);
  if (values === 'string' && Object.values(object).some((value) => typeof value !== 'string')) throw invalid(message);
  return object;
}

/** A status as a mapping writes it: a 3-digit string or an integer. */
function toStatus(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isInteger(raw) ? raw : undefined;
  if (typeof raw === 'string' && /^\s*\d{3}\s*$/.test(raw)) return Number(raw);
  return undefined;
}

/**
 * A status code mapping (`{"429":"500"}`) as the relay applies it: upstream statuses 300-599
 * mapped to 400-599, so an error is never turned into a success.
 */
export function checkStatusCodeMapping(text: string): void {
  const object = checkJsonObject(text, 'any', ChannelMessage.statusCodeMappingInvalid);
  for (const [from, to] of Object.entries(object)) {
    const source = toStatus(from);
    const target = toStatus(to);
    if (source === undefined || source < 300 || source > 599 || target === undefined || target < 400 || target > 599) {
      throw invalid(`${ChannelMessage.statusCodeMappingInvalid}（只能把 300-599 的状态码映射为 400-599 的状态码）`);
    }
  }
}

/**
 * Extra settings (`setting`): a JSON object whose keys the gateway reads hold usable values
 * (`upstream_connections` a whole number 0-100000, `upstream_http2` a boolean).
 */
export function checkChannelSetting(text: string): void {
  const object = checkJsonObject(text, 'any', ChannelMessage.settingInvalid);
  const problem = connectionSettingProblem(object);
  if (problem === CHANNEL_SETTING_KEYS.upstreamConnections) throw invalid(ChannelMessage.upstreamConnectionsInvalid);
  if (problem === CHANNEL_SETTING_KEYS.upstreamHttp2) throw invalid(ChannelMessage.upstreamHttp2Invalid);
}
