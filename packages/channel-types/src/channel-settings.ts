/**
 * Keys of a channel's extra settings (the `setting` JSON object text) that the gateway itself
 * reads, declared once: the channels library refuses a bad value when a channel is saved, the
 * relay applies them to the channel's upstream calls, the console edits them as fields of their
 * own and the operator maps a Channel resource onto them. Any other key is kept as written.
 */
export const CHANNEL_SETTING_KEYS = {
  /** Most connections open at once to the channel's upstream; 0 or absent: the relay's default. */
  upstreamConnections: 'upstream_connections',
  /** Offer HTTP/2 to an https upstream (ALPN), multiplexing many calls on one connection. */
  upstreamHttp2: 'upstream_http2',
} as const;

export type ChannelSettingKey = (typeof CHANNEL_SETTING_KEYS)[keyof typeof CHANNEL_SETTING_KEYS];

/** Bounds of {@link CHANNEL_SETTING_KEYS.upstreamConnections}: a whole number in this range. */
export const UPSTREAM_CONNECTIONS = { min: 0, max: 100_000 } as const;

/** How the relay connects to a channel's upstream. */
export interface ChannelConnectionSettings {
  /** Connection cap of this channel alone; 0: the relay's default (`UPSTREAM_CONNECTIONS`). */
  readonly connections: number;
  /** HTTP/2 offered to https upstreams. */
  readonly http2: boolean;
}

export const DEFAULT_CONNECTION_SETTINGS: ChannelConnectionSettings = Object.freeze({ connections: 0, http2: false });

/** The settings object `text` holds, or undefined when it is empty, not JSON or not an object. */
export function channelSettingObject(text: string | null | undefined): Record<string, unknown> | undefined {
  if (!text || !text.trim()) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
}

const validConnections = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= UPSTREAM_CONNECTIONS.min && value <= UPSTREAM_CONNECTIONS.max;

/**
 * The key of `settings` whose value the gateway cannot use, if any: `upstream_connections` must
 * be a whole number from 0 to 100000, `upstream_http2` a boolean. Absent keys are fine.
 */
export function connectionSettingProblem(settings: Record<string, unknown>): ChannelSettingKey | undefined {
  const connections = settings[CHANNEL_SETTING_KEYS.upstreamConnections];
  if (connections !== undefined && !validConnections(connections)) return CHANNEL_SETTING_KEYS.upstreamConnections;
  const http2 = settings[CHANNEL_SETTING_KEYS.upstreamHttp2];
  if (http2 !== undefined && typeof http2 !== 'boolean') return CHANNEL_SETTING_KEYS.upstreamHttp2;
  return undefined;
}

/**
 * A channel's connection settings from its `setting` text. Lenient (the channels library refuses
 * bad values on save): a value that is not usable reads as the default.
 */
export function channelConnectionSettings(text: string | null | undefined): ChannelConnectionSettings {
  const settings = channelSettingObject(text);
  if (!settings) return DEFAULT_CONNECTION_SETTINGS;
  const connections = settings[CHANNEL_SETTING_KEYS.upstreamConnections];
  const http2 = settings[CHANNEL_SETTING_KEYS.upstreamHttp2] === true;
  const cap = validConnections(connections) ? connections : 0;
  return cap === 0 && !http2 ? DEFAULT_CONNECTION_SETTINGS : Object.freeze({ connections: cap, http2 });
}
