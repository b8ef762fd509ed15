import type { ChannelType } from '@modelgate/channel-types';
import { InternalError } from '@modelgate/runtime';
import type { BuildRequestInput } from '../types';
import type { ServiceAccount } from './service-account';

/** The location served from `aiplatform.googleapis.com` itself rather than a regional host. */
const GLOBAL = 'global';
const REGION = /^[a-z][a-z0-9-]*[a-z0-9]$/;

function misconfigured(channelId: number, detail: string): InternalError {
  return new InternalError(`channel #${channelId} has no usable Vertex AI region: ${detail}`, { code: 'channel_misconfigured' });
}

/**
 * The region a model is called in, from the channel's `other` field: a region (`us-central1`,
 * `global`), or a JSON object of model → region whose `default` serves the models it does not name.
 */
export function regionFor(other: string | null | undefined, model: string, channelId: number): string {
  const text = other?.trim() ?? '';
  let region: unknown = text;
  if (text.startsWith('{')) {
    let regions: unknown;
    try {
      regions = JSON.parse(text);
    } catch {
      throw misconfigured(channelId, 'the region map is not JSON');
    }
    const map = (typeof regions === 'object' && regions !== null ? regions : {}) as Record<string, unknown>;
    region = Object.hasOwn(map, model) ? map[model] : map['default'];
  }
  if (typeof region !== 'string' || region === '') throw misconfigured(channelId, `none is set for ${model} and no default`);
  if (!REGION.test(region)) throw misconfigured(channelId, `"${region}" is not a region name`);
  return region;
}

/** The host of a region's endpoint: `https://{region}-aiplatform.googleapis.com`, or the global one. */
export function endpointOf(region: string): string {
  return region === GLOBAL ? 'https://aiplatform.googleapis.com' : `https://${region}-aiplatform.googleapis.com`;
}

/** The model name as a path segment (Vertex's versioned names keep their `@`). */
function modelSegment(model: string): string {
  return encodeURIComponent(model).replaceAll('%40', '@');
}

/**
 * The URL of a publisher model's method: `{host}/v1/projects/{project}/locations/{region}/publishers/
 * {publisher}/models/{model}:{method}`. The host is the channel's base URL when set (a private
 * endpoint, a proxy), else the region's.
 */
export function publisherModelUrl(
  type: ChannelType,
  input: Pick<BuildRequestInput, 'channel'>,
  account: ServiceAccount,
  call: { readonly publisher: 'anthropic' | 'google'; readonly model: string; readonly region: string; readonly method: string },
): string {
  const host = input.channel.base_url?.trim().replace(/\/+$/, '') || type.defaultBaseUrl || endpointOf(call.region);
  const project = encodeURIComponent(account.projectId);
  return `${host}/v1/projects/${project}/locations/${call.region}/publishers/${call.publisher}/models/${modelSegment(call.model)}:${call.method}`;
}
