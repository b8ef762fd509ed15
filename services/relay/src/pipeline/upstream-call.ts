import type { IncomingHttpHeaders } from 'node:http';
import type { BuildRequestInput, ForwardedHeaders, UpstreamChannel, UpstreamRequest, UpstreamSettings } from '../providers/types';
import type { RelayRequest } from '../protocols/request';
import type { TranslationContext } from '../translate/types';
import type { ChannelRoute } from './channel-route';

/** Where one call goes: the channel, the model to name, and what of the client's call it keeps. */
export interface CallTarget {
  readonly channel: UpstreamChannel;
  /** The model to name upstream (after the channel's model mapping). */
  readonly upstreamModel: string;
  readonly settings?: UpstreamSettings;
  readonly forceStreamUsage: boolean;
  /** The client's headers (`Accept`, the Anthropic ones); absent for the gateway's own calls. */
  readonly headers?: IncomingHttpHeaders;
  /** The client's query string without `?`. */
  readonly query?: string;
}

function firstHeader(headers: IncomingHttpHeaders | undefined, name: string): string | undefined {
  const value = headers?.[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The Anthropic headers of a client speaking Anthropic, for an Anthropic upstream. */
function forwardedOf(request: RelayRequest, headers: IncomingHttpHeaders | undefined): ForwardedHeaders | undefined {
  if (request.protocol !== 'anthropic') return undefined;
  return { anthropicVersion: firstHeader(headers, 'anthropic-version'), anthropicBeta: firstHeader(headers, 'anthropic-beta') };
}

/**
 * The adapter's input for a call: the client's own bytes on the identity path, the translator's
 * request otherwise.
 */
function inputOf(route: ChannelRoute, request: RelayRequest, target: CallTarget, context: TranslationContext): BuildRequestInput {
  if (route.pairing.kind === 'translate') {
    const translated = route.pairing.translator.request(context);
    return {
      channel: target.channel,
      operation: route.upstreamOperation!,
      json: translated.json,
      upstreamModel: target.upstreamModel,
      stream: translated.stream,
      forceStreamUsage: target.forceStreamUsage,
      settings: target.settings,
    };
  }
  return {
    channel: target.channel,
    operation: route.upstreamOperation!,
    body: request.body,
    json: request.payload as Readonly<Record<string, unknown>> | undefined,
    contentType: request.contentType,
    accept: firstHeader(target.headers, 'accept'),
    query: target.query,
    upstreamModel: target.upstreamModel,
    stream: request.summary.stream,
    forceStreamUsage: target.forceStreamUsage,
    forwarded: forwardedOf(request, target.headers),
    settings: target.settings,
  };
}

/**
 * The upstream request of a call on a route, translated when the route translates. Throws the
 * adapter's or translator's typed refusal before any I/O.
 */
export async function upstreamRequestFor(
  route: ChannelRoute,
  request: RelayRequest,
  target: CallTarget,
): Promise<{ readonly upstreamRequest: UpstreamRequest; readonly context: TranslationContext }> {
  const context: TranslationContext = { request, upstreamModel: target.upstreamModel, settings: target.settings };
  const built = route.adapter.buildRequest(route.type, inputOf(route, request, target, context));
  return { upstreamRequest: built instanceof Promise ? await built : built, context };
}
