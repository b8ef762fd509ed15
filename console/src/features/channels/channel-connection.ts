import { CHANNEL_SETTING_KEYS, channelSettingObject } from '@modelgate/channel-types';

/** The connection keys of a channel's extra settings, as the editor's own fields hold them. */
export type ConnectionFields = {
  /** The channel's connection cap as typed; empty or 0: the gateway's default. */
  upstream_connections: string;
  upstream_http2: boolean;
};

const KEYS: readonly string[] = Object.values(CHANNEL_SETTING_KEYS);

/**
 * Splits a stored `setting` text into the connection fields and the rest, pretty-printed for the
 * extra-settings box (which then never shows the keys its own fields edit). A text that is not a
 * JSON object stays as stored.
 */
export function splitConnectionSettings(text: string | null | undefined, pretty: (text: string) => string): ConnectionFields & { setting: string } {
  const object = channelSettingObject(text);
  if (!object || !KEYS.some((key) => key in object)) return { setting: pretty(text ?? ''), upstream_connections: '', upstream_http2: false };
  const rest = Object.fromEntries(Object.entries(object).filter(([key]) => !KEYS.includes(key)));
  const connections = object[CHANNEL_SETTING_KEYS.upstreamConnections];
  return {
    setting: Object.keys(rest).length > 0 ? JSON.stringify(rest, null, 2) : '',
    upstream_connections: typeof connections === 'number' && connections > 0 ? String(connections) : '',
    upstream_http2: object[CHANNEL_SETTING_KEYS.upstreamHttp2] === true,
  };
}

/**
 * The `setting` text to save: the extra-settings box with the connection fields put in (the fields
 * win over the same keys typed in the box). Unchanged text when no field is set and the box holds
 * none of their keys; call only after the values passed validation.
 */
export function joinConnectionSettings(setting: string, fields: ConnectionFields): string {
  const text = setting.trim();
  const connections = fields.upstream_connections.trim() === '' ? 0 : Number(fields.upstream_connections.trim());
  const object = text ? channelSettingObject(text) : {};
  if (!object || (connections === 0 && !fields.upstream_http2 && !KEYS.some((key) => key in object))) return text;
  const joined: Record<string, unknown> = Object.fromEntries(Object.entries(object).filter(([key]) => !KEYS.includes(key)));
  if (connections > 0) joined[CHANNEL_SETTING_KEYS.upstreamConnections] = connections;
  if (fields.upstream_http2) joined[CHANNEL_SETTING_KEYS.upstreamHttp2] = true;
  return Object.keys(joined).length > 0 ? JSON.stringify(joined) : '';
}
