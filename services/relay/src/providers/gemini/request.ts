import type { ChannelType } from '@modelgate/channel-types';
import { InternalError, UnsupportedOperationError } from '@modelgate/runtime';
import { modelId } from '../../protocols/gemini/inbound';
import type { GeminiOperation } from '../../protocols/request';
import { DEFAULT_GEMINI_SETTINGS } from '../../state/gemini-settings';
import type { BuildRequestInput, UpstreamOperation, UpstreamRequest } from '../types';

const OPERATIONS: ReadonlySet<UpstreamOperation> = new Set<GeminiOperation>([
  'generateContent',
  'countTokens',
  'embedContent',
  'batchEmbedContents',
]);

/** Whether a Gemini channel serves an operation: the Gemini API's model methods. */
export function supportsGeminiOperation(type: ChannelType, operation: UpstreamOperation): boolean {
  return type.schema === 'gemini' && OPERATIONS.has(operation);
}

function baseUrlOf(type: ChannelType, input: BuildRequestInput): string {
  const base = input.channel.base_url?.trim().replace(/\/+$/, '') || type.defaultBaseUrl;
  if (!base) throw new InternalError(`channel #${input.channel.id} (${type.name}) has no base URL`, { code: 'channel_misconfigured' });
  return base;
}

/** The method of the URL: a streamed generation is `:streamGenerateContent`, answered as server-sent events. */
function methodOf(operation: GeminiOperation, stream: boolean): string {
  return operation === 'generateContent' && stream ? 'streamGenerateContent?alt=sse' : operation;
}

type Json = Record<string, unknown>;

/**
 * The model names a body carries besides the path (`model` of a generate or embed request, of each
 * request of a batch, of the generate request a token count wraps), renamed to the channel's
 * model; undefined when none needs it.
 */
function renamedModels(json: Json, operation: GeminiOperation, model: string): Json | undefined {
  const name = `models/${model}`;
  const differs = (value: unknown) => typeof value === 'string' && modelId(value) !== model;
  if (operation === 'batchEmbedContents' && Array.isArray(json['requests'])) {
    const requests = json['requests'] as unknown[];
    const own = (request: unknown): request is Json => typeof request === 'object' && request !== null && differs((request as Json)['model']);
    if (!requests.some(own)) return undefined;
    return { ...json, requests: requests.map((request) => (own(request) ? { ...request, model: name } : request)) };
  }
  const inner = json['generateContentRequest'];
  if (operation === 'countTokens' && typeof inner === 'object' && inner !== null && differs((inner as Json)['model'])) {
    return { ...json, generateContentRequest: { ...(inner as Json), model: name } };
  }
  return differs(json['model']) ? { ...json, model: name } : undefined;
}

const CLOSING_BRACE = 0x7d;
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/**
 * A JSON object's bytes with one more member before its closing brace: the client's bytes stay as
 * they were (key order, spacing, numbers), only the member is added. Undefined when the bytes do
 * not end like an object with members.
 */
function withMember(body: Uint8Array, name: string, value: unknown): Buffer | undefined {
  let end = body.length - 1;
  while (end >= 0 && WHITESPACE.has(body[end]!)) end--;
  if (end < 1 || body[end] !== CLOSING_BRACE) return undefined;
  const member = Buffer.from(`,${JSON.stringify(name)}:${JSON.stringify(value)}`);
  return Buffer.concat([body.subarray(0, end), member, body.subarray(end)]);
}

/**
 * The call to the Gemini API: `{base}/{version}/models/{model}:{method}` (`:streamGenerateContent
 * ?alt=sse` for a stream) with the channel's key in `x-goog-api-key`. The version is the model's
 * in `gemini.version_settings`. The model of the path is the channel's (after its model mapping),
 * and a body naming the client's model names the channel's; a generation without its own
 * `safetySettings` is sent with `gemini.safety_settings`. Otherwise the client's bytes go as they are.
 */
export function buildGeminiRequest(type: ChannelType, input: BuildRequestInput): UpstreamRequest {
  if (!supportsGeminiOperation(type, input.operation)) {
    throw new UnsupportedOperationError(`channel type ${type.id} (${type.name}) does not support ${input.operation}`, {
      code: 'endpoint_not_supported',
    });
  }
  const operation = input.operation as GeminiOperation;
  const settings = input.settings?.gemini ?? DEFAULT_GEMINI_SETTINGS;
  const model = modelId(input.upstreamModel);
  const source = input.json ?? {};
  const renamed = renamedModels(source, operation, model);
  const safety =
    operation === 'generateContent' && source['safetySettings'] === undefined && settings.safetySettings.length > 0
      ? settings.safetySettings
      : undefined;

  let body: Uint8Array;
  if (input.body !== undefined && renamed === undefined) {
    body = safety === undefined ? input.body : (withMember(input.body, 'safetySettings', safety) ?? Buffer.from(JSON.stringify({ ...source, safetySettings: safety })));
  } else {
    const json = renamed ?? source;
    body = Buffer.from(JSON.stringify(safety === undefined ? json : { ...json, safetySettings: safety }));
  }
  const stream = operation === 'generateContent' && input.stream;
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'x-goog-api-key': input.channel.key.trim() };
  if (stream) headers['Accept'] = 'text/event-stream';
  return {
    url: `${baseUrlOf(type, input)}/${settings.apiVersion(model)}/models/${model}:${methodOf(operation, stream)}`,
    headers,
    body,
    bodyRewritten: body !== input.body,
    // Gemini reports usage on every chunk of a stream without being asked.
    streamUsageRequested: stream,
    clientRequestedUsage: false,
  };
}
