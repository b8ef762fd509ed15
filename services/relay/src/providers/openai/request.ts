import { CHANNEL_OTHER, type ChannelType, OPENAI_ENDPOINTS, type OpenAIEndpoint, RESPONSES_ENDPOINTS } from '@modelgate/channel-types';
import { InternalError, UnsupportedOperationError } from '@modelgate/runtime';
import { setMultipartField } from '../../protocols/openai/multipart';
import type { BuildRequestInput, UpstreamOperation, UpstreamRequest } from '../types';
import { reasoningRewrite } from './reasoning-models';

/** Azure API version when neither the client (`?api-version=`) nor the channel (`other`) names one. */
export const AZURE_DEFAULT_API_VERSION = '2024-12-01-preview';
/**
 * Azure channels created before this instant (2025-05-10, unix seconds) get dots removed from
 * the deployment name (`gpt-3.5-turbo` → `gpt-35-turbo`) as the reference always did; later
 * ones keep the name as is, as the reference does since, now that Azure accepts dots.
 */
export const AZURE_KEEP_DOTS_SINCE = 1746835200;
/** Cloudflare AI Gateway base URLs already carry the provider prefix of the path. */
const CLOUDFLARE_GATEWAY = 'https://gateway.ai.cloudflare.com';

/** Endpoints whose JSON body may carry `stream` and `stream_options`. */
const STREAMING_ENDPOINTS: ReadonlySet<UpstreamOperation> = new Set(['chat/completions', 'completions']);
const ENDPOINTS: ReadonlySet<UpstreamOperation> = new Set(OPENAI_ENDPOINTS);
const RESPONSES: ReadonlySet<UpstreamOperation> = new Set(RESPONSES_ENDPOINTS);

function isOpenAIEndpoint(operation: UpstreamOperation): operation is OpenAIEndpoint {
  return ENDPOINTS.has(operation);
}

/** What Azure OpenAI does not deploy: image variations (it offers dall-e-3 and gpt-image, not dall-e-2). */
const NOT_ON_AZURE: ReadonlySet<UpstreamOperation> = new Set<UpstreamOperation>(['images/variations']);

/** Whether a catalogue entry of the `openai`/`azure-openai` schemas serves an operation. */
export function supportsOpenAIEndpoint(type: ChannelType, operation: UpstreamOperation): boolean {
  if (type.schema !== 'openai' && type.schema !== 'azure-openai') return false;
  if (type.schema === 'azure-openai' && NOT_ON_AZURE.has(operation)) return false;
  if (!isOpenAIEndpoint(operation)) return false;
  if (RESPONSES.has(operation)) {
    // The Responses API is served only where the vendor says so (most compatible APIs lack it).
    const responses = type.quirks?.responses;
    return responses !== undefined && (operation === 'responses' || responses.compact);
  }
  return type.quirks?.endpoints?.includes(operation) ?? true;
}

/** The channel's base URL (trailing slashes dropped), else the type's default. */
function baseUrlOf(type: ChannelType, input: BuildRequestInput): string {
  const configured = input.channel.base_url?.trim().replace(/\/+$/, '');
  const base = configured || type.defaultBaseUrl;
  if (!base) {
    throw new InternalError(`channel #${input.channel.id} (${type.name}) has no base URL`, {
      code: 'channel_misconfigured',
    });
  }
  return base;
}

/** The channel's `other` value a vendor's path is built with (Cloudflare's account id). */
function otherOf(type: ChannelType, input: BuildRequestInput): string {
  const other = input.channel.other?.trim();
  if (!other) {
    throw new InternalError(`channel #${input.channel.id} (${type.name}) has no ${type.otherField?.description ?? 'other value'}`, {
      code: 'channel_misconfigured',
    });
  }
  return other;
}

/** The client's `api-version`, else the channel's `other`, else the default. */
function azureApiVersion(input: BuildRequestInput): string {
  const fromClient = input.query ? new URLSearchParams(input.query).get('api-version')?.trim() : undefined;
  return fromClient || input.channel.other?.trim() || AZURE_DEFAULT_API_VERSION;
}

/**
 * The upstream URL, by the reference's rules: Custom → the base URL verbatim with `{model}`
 * replaced; Azure → `{base}/openai/deployments/{deployment}/{endpoint}?api-version=…`; everyone
 * else → `{base}{/v1 or the vendor's prefix}/{endpoint}` (or the vendor's own path) with the
 * client's query string, the channel's `other` in place of `{other}` (Workers AI's account).
 * Cloudflare AI Gateway bases drop `/v1` (OpenAI) or `/openai/deployments` (Azure), which the
 * gateway URL already implies.
 */
export function buildOpenAIUrl(type: ChannelType, input: BuildRequestInput): string {
  const base = baseUrlOf(type, input);
  if (type.quirks?.fullUrl) return base.replaceAll('{model}', input.upstreamModel);
  const viaGateway = base.startsWith(CLOUDFLARE_GATEWAY);
  if (RESPONSES.has(input.operation)) return responsesUrl(type, base, `/${input.operation}`, input.query);
  if (type.schema === 'azure-openai') {
    const keepDots = input.channel.created_time >= AZURE_KEEP_DOTS_SINCE;
    const deployment = encodeURIComponent(keepDots ? input.upstreamModel : input.upstreamModel.replaceAll('.', ''));
    const prefix = viaGateway ? '' : '/openai/deployments';
    return `${base}${prefix}/${deployment}/${input.operation}?api-version=${encodeURIComponent(azureApiVersion(input))}`;
  }
  const endpoint = input.operation as OpenAIEndpoint;
  let path = type.quirks?.paths?.[endpoint] ?? `${type.quirks?.pathPrefix ?? '/v1'}/${endpoint}`;
  if (path.includes(CHANNEL_OTHER)) path = path.replaceAll(CHANNEL_OTHER, encodeURIComponent(otherOf(type, input)));
  if (viaGateway && type.schema === 'openai' && path.startsWith('/v1/')) path = path.slice('/v1'.length);
  return input.query ? `${base}${path}?${input.query}` : `${base}${path}`;
}

/**
 * A Responses API URL: `{base}/v1{path}` (path `/responses…`), or Azure's v1 API
 * `{base}/openai/v1{path}`, where the deployment is named by the body's model and no
 * `api-version` is needed; the client's query string is kept.
 */
function responsesUrl(type: ChannelType, base: string, path: string, query: string | undefined): string {
  const prefix = type.schema === 'azure-openai' ? '/openai/v1' : (type.quirks?.pathPrefix ?? '/v1');
  return query ? `${base}${prefix}${path}?${query}` : `${base}${prefix}${path}`;
}

/** The calls on a stored response of the Responses API, below `/responses/{id}`. */
export type StoredResponseCall =
  | { readonly method: 'GET'; readonly suffix: '' | '/input_items' }
  | { readonly method: 'DELETE'; readonly suffix: '' }
  | { readonly method: 'POST'; readonly suffix: '/cancel' };

/**
 * The upstream call on a stored response (retrieve, delete, cancel, list input items) of a
 * channel serving the Responses API: its URL with the client's query string, the channel's key.
 */
export function buildStoredResponseRequest(
  type: ChannelType,
  channel: BuildRequestInput['channel'],
  responseId: string,
  call: StoredResponseCall,
  query: string | undefined,
): UpstreamRequest {
  const input = { channel, operation: 'responses', upstreamModel: '', stream: false, forceStreamUsage: false } as const;
  const url = responsesUrl(type, baseUrlOf(type, input), `/responses/${encodeURIComponent(responseId)}${call.suffix}`, query);
  const headers = buildHeaders(type, { ...input, json: {} });
  return { url, headers, body: new Uint8Array(0), method: call.method, bodyRewritten: false, streamUsageRequested: false, clientRequestedUsage: false };
}

/**
 * Azure's Responses API names the deployment in the body's `model`: an old channel's deployment
 * names drop their dots there too, as they do in its deployment paths.
 */
function azureResponsesDeployment(type: ChannelType, input: BuildRequestInput): BuildRequestInput {
  if (type.schema !== 'azure-openai' || !RESPONSES.has(input.operation) || input.channel.created_time >= AZURE_KEEP_DOTS_SINCE) return input;
  return { ...input, upstreamModel: input.upstreamModel.replaceAll('.', '') };
}

/** Headers of the upstream call: content type, accept, the key in the type's auth style, extras. */
function buildHeaders(type: ChannelType, input: BuildRequestInput): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': input.json ? 'application/json' : (input.contentType ?? 'application/octet-stream'),
  };
  const accept = input.accept ?? (input.stream ? 'text/event-stream' : undefined);
  if (accept) headers['Accept'] = accept;
  const key = input.channel.key.trim();
  if (type.auth === 'api-key-header') headers['api-key'] = key;
  else if (key !== '') headers['Authorization'] = `Bearer ${key}`;
  const organization = input.channel.openai_organization?.trim();
  if (type.quirks?.organization && organization) headers['OpenAI-Organization'] = organization;
  const extra = type.quirks?.headers;
  return extra ? Object.assign(headers, extra) : headers;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface BuiltBody {
  readonly body: Uint8Array;
  readonly rewritten: boolean;
  readonly streamUsageRequested: boolean;
  readonly clientRequestedUsage: boolean;
}

/**
 * The JSON body: the client's bytes as they came unless something must change — the model name
 * (mapped, or defaulted by the gateway), `include_usage` forced on for a stream whose upstream
 * supports it, or `stream_options` removed for one that does not. Only then is it re-serialised,
 * keeping every other field and the key order.
 */
function buildJsonBody(
  type: ChannelType,
  input: BuildRequestInput,
  json: Readonly<Record<string, unknown>>,
): BuiltBody {
  const streaming = input.stream && STREAMING_ENDPOINTS.has(input.operation);
  const clientOptions = json['stream_options'];
  const clientRequestedUsage = streaming && isRecord(clientOptions) && clientOptions['include_usage'] === true;
  const supportsStreamOptions = type.quirks?.streamOptions ?? false;

  let patched: Record<string, unknown> | undefined;
  const patch = (): Record<string, unknown> => (patched ??= { ...json });
  if (json['model'] !== input.upstreamModel) patch()['model'] = input.upstreamModel;
  const reasoning = input.operation === 'chat/completions' ? reasoningRewrite(input.upstreamModel, json) : undefined;
  if (reasoning) {
    const body = patch();
    for (const field of reasoning.removed) delete body[field];
    Object.assign(body, reasoning.changes);
  }
  let streamUsageRequested = clientRequestedUsage;
  if (RESPONSES.has(input.operation)) {
    // The Responses API's own `stream_options` (obfuscation) is the client's business.
  } else if (!supportsStreamOptions) {
    if (clientOptions !== undefined) delete patch()['stream_options'];
    streamUsageRequested = false;
  } else if (streaming && input.forceStreamUsage && !clientRequestedUsage) {
    patch()['stream_options'] = { ...(isRecord(clientOptions) ? clientOptions : {}), include_usage: true };
    streamUsageRequested = true;
  }
  if (!patched && input.body) return { body: input.body, rewritten: false, streamUsageRequested, clientRequestedUsage };
  return { body: Buffer.from(JSON.stringify(patched ?? json)), rewritten: true, streamUsageRequested, clientRequestedUsage };
}

/** A non-JSON body (multipart audio, image edits and variations): forwarded as is, unless its `model` field must change. */
function buildRawBody(input: BuildRequestInput): BuiltBody {
  if (!input.body) throw new InternalError('a multipart call needs its body');
  const raw = Buffer.from(input.body.buffer, input.body.byteOffset, input.body.byteLength);
  const rewritten = setMultipartField(raw, input.contentType, 'model', input.upstreamModel);
  return {
    body: rewritten ?? input.body,
    rewritten: rewritten !== undefined,
    streamUsageRequested: false,
    clientRequestedUsage: false,
  };
}

/**
 * The upstream call for one relayed request on an `openai` or `azure-openai` channel. Throws
 * `UnsupportedOperationError` for an endpoint the vendor does not offer and `InternalError` for
 * a channel without a usable base URL, both before any network call.
 */
export function buildOpenAIRequest(type: ChannelType, input: BuildRequestInput): UpstreamRequest {
  if (!supportsOpenAIEndpoint(type, input.operation)) {
    throw new UnsupportedOperationError(`channel type ${type.id} (${type.name}) does not support ${input.operation}`, {
      code: 'endpoint_not_supported',
    });
  }
  const url = buildOpenAIUrl(type, input);
  const built = input.json ? buildJsonBody(type, azureResponsesDeployment(type, input), input.json) : buildRawBody(input);
  return {
    url,
    headers: buildHeaders(type, input),
    body: built.body,
    bodyRewritten: built.rewritten,
    streamUsageRequested: built.streamUsageRequested,
    clientRequestedUsage: built.clientRequestedUsage,
  };
}
