import { findChannelType } from '@modelgate/channel-types';
import { InternalError } from '@modelgate/runtime';
import type { ChannelRow, SnapshotChannel } from '../routing';

/** OpenAI's channel type: `wss://{base}/v1/realtime?model=…` with the key as a Bearer token. */
export const REALTIME_OPENAI_TYPE = 1;
/** Azure OpenAI's channel type: `{base}/openai/realtime?api-version=…&deployment=…` with `api-key`. */
export const REALTIME_AZURE_TYPE = 3;
/** Azure's Realtime API version when neither the client (`?api-version=`) nor the channel (`other`) names one. */
export const AZURE_REALTIME_API_VERSION = '2024-10-01-preview';

/** The upstream websocket of a Realtime session: its address and the handshake's headers. */
export interface RealtimeUpstreamTarget {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** Whether a channel speaks the Realtime API (OpenAI's and Azure's channels only). */
export function servesRealtime(channel: SnapshotChannel): boolean {
  return channel.row.type === REALTIME_OPENAI_TYPE || channel.row.type === REALTIME_AZURE_TYPE;
}

/** The channel's base URL with the websocket scheme (`https` → `wss`, `http` → `ws`). */
function websocketBase(channel: Pick<ChannelRow, 'id' | 'type' | 'base_url'>): string {
  const configured = channel.base_url?.trim().replace(/\/+$/, '');
  const base = configured || findChannelType(channel.type)?.defaultBaseUrl;
  if (!base) throw new InternalError(`channel #${channel.id} has no base URL`, { code: 'channel_misconfigured' });
  return base.replace(/^http(s?):\/\//i, (_match, secure: string) => `ws${secure}://`);
}

/**
 * The upstream websocket of a session on `channel` for `upstreamModel` (the model after the
 * channel's mapping). `query` is the client's query string: Azure takes its `api-version`, else the
 * channel's `other`, else {@link AZURE_REALTIME_API_VERSION}. `openaiBeta` is the client's
 * `OpenAI-Beta` header (the beta protocol asks for `realtime=v1`), passed on when present.
 */
export function realtimeUpstreamTarget(
  channel: Pick<ChannelRow, 'id' | 'type' | 'base_url' | 'key' | 'other'>,
  upstreamModel: string,
  query: URLSearchParams,
  openaiBeta?: string,
): RealtimeUpstreamTarget {
  const base = websocketBase(channel);
  const key = channel.key.trim();
  const beta: Record<string, string> = openaiBeta ? { 'OpenAI-Beta': openaiBeta } : {};
  if (channel.type === REALTIME_AZURE_TYPE) {
    const version = query.get('api-version')?.trim() || channel.other?.trim() || AZURE_REALTIME_API_VERSION;
    const params = new URLSearchParams({ 'api-version': version, deployment: upstreamModel });
    return { url: `${base}/openai/realtime?${params}`, headers: { 'api-key': key, ...beta } };
  }
  if (channel.type !== REALTIME_OPENAI_TYPE) {
    throw new InternalError(`channel #${channel.id} does not speak the Realtime API`, { code: 'channel_misconfigured' });
  }
  return {
    url: `${base}/v1/realtime?${new URLSearchParams({ model: upstreamModel })}`,
    headers: { Authorization: `Bearer ${key}`, ...beta },
  };
}
