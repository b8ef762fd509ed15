import type { ChannelType } from '@modelgate/channel-types';
import { UnsupportedOperationError } from '@modelgate/runtime';
import { modelId } from '../../protocols/gemini/inbound';
import type { GeminiOperation } from '../../protocols/request';
import { DEFAULT_GEMINI_SETTINGS } from '../../state/gemini-settings';
import type { BuildRequestInput, UpstreamOperation, UpstreamRequest } from '../types';
import { serviceAccountGrant } from './access-token';
import { publisherModelUrl, regionFor } from './location';
import { parseServiceAccount } from './service-account';

/** Vertex AI's Gemini methods (its embeddings of many texts are `:predict`, not Gemini's batch call). */
const OPERATIONS: ReadonlySet<UpstreamOperation> = new Set<GeminiOperation>(['generateContent', 'countTokens', 'embedContent']);

/** Google's models on Vertex AI serve generation, token counting and embedding. */
export function supportsVertexGeminiOperation(type: ChannelType, operation: UpstreamOperation): boolean {
  return type.schema === 'vertex-ai' && OPERATIONS.has(operation);
}

type Json = Record<string, unknown>;

/**
 * The body Vertex AI takes, or undefined when the client's is it: the model lives in the path only,
 * a token count takes the request's fields at the top (not a `generateContentRequest`), and a
 * generation without its own `safetySettings` gets `gemini.safety_settings`.
 */
function vertexBody(source: Json, operation: GeminiOperation, safety: readonly unknown[]): Json | undefined {
  let json: Json | undefined;
  const edit = (): Json => (json ??= { ...source });
  const wrapped = source['generateContentRequest'];
  if (operation === 'countTokens' && typeof wrapped === 'object' && wrapped !== null) {
    const { model: _model, ...fields } = wrapped as Json;
    const body = edit();
    delete body['generateContentRequest'];
    Object.assign(body, fields);
  }
  if ('model' in source) delete edit()['model'];
  if (operation === 'generateContent' && source['safetySettings'] === undefined && safety.length > 0) edit()['safetySettings'] = safety;
  return json;
}

/**
 * The call to a Google model on Vertex AI: the Gemini API's body at the publisher model's method
 * (`:generateContent`, `:streamGenerateContent?alt=sse`, `:countTokens`, `:embedContent`) in the
 * model's region of the key's project; the client's bytes go as they are unless something had to
 * change. The service account's access token is added by the upstream client.
 */
export function buildVertexGeminiRequest(type: ChannelType, input: BuildRequestInput): UpstreamRequest {
  if (!supportsVertexGeminiOperation(type, input.operation)) {
    throw new UnsupportedOperationError(`channel type ${type.id} (${type.name}) does not support ${input.operation} for Gemini models`, {
      code: 'endpoint_not_supported',
    });
  }
  const account = parseServiceAccount(input.channel.key, input.channel.id);
  const operation = input.operation as GeminiOperation;
  const settings = input.settings?.gemini ?? DEFAULT_GEMINI_SETTINGS;
  const model = modelId(input.upstreamModel);
  const changed = vertexBody(input.json ?? {}, operation, settings.safetySettings);
  const body = changed === undefined && input.body !== undefined ? input.body : Buffer.from(JSON.stringify(changed ?? input.json ?? {}));
  const stream = operation === 'generateContent' && input.stream;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (stream) headers['Accept'] = 'text/event-stream';
  const method = stream ? 'streamGenerateContent?alt=sse' : operation;
  const region = regionFor(input.channel.other, model, input.channel.id);
  return {
    url: publisherModelUrl(type, input, account, { publisher: 'google', model, region, method }),
    headers,
    body,
    bodyRewritten: body !== input.body,
    // Gemini reports usage on every chunk of a stream without being asked.
    streamUsageRequested: stream,
    clientRequestedUsage: false,
    accessToken: serviceAccountGrant(input.channel.id, account),
  };
}
