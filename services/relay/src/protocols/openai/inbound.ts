import type { OpenAIEndpoint } from '@modelgate/channel-types';
import { ValidationError } from '@modelgate/runtime';
import type { z } from 'zod';
import { parseJsonObject, requireJson, UnsupportedMediaTypeError } from '../json-body';
import { lazy, type MeteringKind, type RelayRequest, type RequestSummary } from '../request';
import { validated } from '../validate';
import { type ImageUploadEndpoint, readImageForm } from './image-form';
import { multipartBoundary, readMultipartField } from './multipart';
import { estimatePromptTokens } from './prompt-tokens';
import { promptTextsOf } from './prompt-texts';
import { imageRequestOf, maxTokensOf, reasoningEffortOf } from './request-fields';
import {
  ChatRequest,
  CompletionRequest,
  EmbeddingRequest,
  ImageRequest,
  ModerationRequest,
  RerankRequest,
  SpeechRequest,
} from './wire';

/** The JSON body of an OpenAI request as the gateway reads it (validated by the endpoint's schema). */
export type OpenAIPayload = Readonly<Record<string, unknown>>;

/** An OpenAI request as the pipeline reads it. */
export type OpenAIRequest = RelayRequest<OpenAIPayload> & { readonly protocol: 'openai'; readonly operation: OpenAIEndpoint };

const AUDIO_UPLOADS: ReadonlySet<OpenAIEndpoint> = new Set(['audio/transcriptions', 'audio/translations']);
const IMAGE_UPLOADS: ReadonlySet<OpenAIEndpoint> = new Set<ImageUploadEndpoint>(['images/edits', 'images/variations']);
const STREAMING_ENDPOINTS: ReadonlySet<OpenAIEndpoint> = new Set(['chat/completions', 'completions']);

/** Each JSON endpoint's schema and the model it falls back to when the body names none. */
const JSON_ENDPOINTS: Readonly<Record<string, { schema: z.ZodType; defaultModel?: string }>> = {
  'chat/completions': { schema: ChatRequest },
  completions: { schema: CompletionRequest },
  embeddings: { schema: EmbeddingRequest },
  moderations: { schema: ModerationRequest },
  'images/generations': { schema: ImageRequest, defaultModel: 'dall-e-2' },
  'audio/speech': { schema: SpeechRequest, defaultModel: 'tts-1' },
  rerank: { schema: RerankRequest },
};

function invalid(message: string, param?: string): ValidationError {
  return new ValidationError(message, { code: 'invalid_request', details: param ? { param } : undefined });
}

function trimmedString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The routing model and the upstream model of a validated body. */
function modelsOf(endpoint: OpenAIEndpoint, json: Record<string, unknown>, pathModel?: string) {
  const named = trimmedString(json['model']);
  if (endpoint === 'moderations') {
    // The reference routes an unnamed model as text-moderation-stable and asks for -latest.
    return named ? { model: named, upstreamModel: named } : { model: 'text-moderation-stable', upstreamModel: 'text-moderation-latest' };
  }
  const model = named ?? (endpoint === 'embeddings' ? pathModel : undefined) ?? JSON_ENDPOINTS[endpoint]?.defaultModel;
  if (model === undefined) throw invalid('model is required', 'model');
  return { model, upstreamModel: model };
}

function meteringOf(endpoint: OpenAIEndpoint): MeteringKind {
  if (endpoint === 'images/generations' || IMAGE_UPLOADS.has(endpoint)) return 'image';
  if (endpoint === 'audio/speech') return 'speech';
  if (AUDIO_UPLOADS.has(endpoint)) return 'transcription';
  return 'tokens';
}

/** The neutral summary of a validated OpenAI JSON request (built field by field: it is made per request). */
function summarize(endpoint: OpenAIEndpoint, json: Record<string, unknown>, models: { model: string; upstreamModel: string }, bodyBytes: number): RequestSummary {
  const summary: { -readonly [K in keyof RequestSummary]: RequestSummary[K] } = {
    model: models.model,
    upstreamModel: models.upstreamModel,
    stream: STREAMING_ENDPOINTS.has(endpoint) && json['stream'] === true,
    metering: meteringOf(endpoint),
    bodyBytes,
    promptTexts: lazy(() => promptTextsOf(json)),
    promptTokens: lazy(() => estimatePromptTokens(endpoint, models.model, json)),
  };
  const stated = maxTokensOf(json);
  if (stated.maxTokens !== undefined) summary.maxTokens = stated.maxTokens;
  if (stated.maxCompletionTokens !== undefined) summary.maxCompletionTokens = stated.maxCompletionTokens;
  if (endpoint === 'chat/completions') {
    const effort = reasoningEffortOf(json);
    if (effort) summary.reasoningEffort = effort;
  } else if (endpoint === 'images/generations') {
    summary.image = imageRequestOf(json);
  } else if (endpoint === 'audio/speech' && typeof json['input'] === 'string') {
    summary.speechInput = json['input'];
  }
  return summary;
}

/**
 * An image edit or variation: its multipart form read in place (the files are not copied), priced
 * like a generation by its model, `n`, `size` and `quality`.
 */
function parseImageUpload(endpoint: ImageUploadEndpoint, body: Buffer, contentType: string | undefined): OpenAIRequest {
  const form = readImageForm(endpoint, body, contentType);
  const promptTexts = form.prompt === undefined ? [] : [form.prompt];
  const summary: RequestSummary = {
    model: form.model,
    upstreamModel: form.model,
    stream: false,
    metering: 'image',
    bodyBytes: body.length,
    promptTexts: () => promptTexts,
    promptTokens: () => 0,
    image: form.image,
  };
  return { protocol: 'openai', operation: endpoint, body, contentType, summary };
}

/**
 * Reads and validates an OpenAI request to `endpoint`: JSON endpoints take `application/json` (or
 * no content type), the audio and image uploads `multipart/form-data`; anything else is a 415.
 * Missing or malformed fields are 400s with the reference's messages; the model falls back to the
 * endpoint's default where the reference has one (`whisper-1`, `tts-1`, `dall-e-2`, …).
 */
export function parseOpenAIRequest(
  endpoint: OpenAIEndpoint,
  body: Buffer,
  contentType: string | undefined,
  pathModel?: string,
): OpenAIRequest {
  if (IMAGE_UPLOADS.has(endpoint)) return parseImageUpload(endpoint as ImageUploadEndpoint, body, contentType);
  if (AUDIO_UPLOADS.has(endpoint)) {
    if (!multipartBoundary(contentType)) {
      throw new UnsupportedMediaTypeError(`${endpoint} takes a multipart/form-data body`);
    }
    const model = readMultipartField(body, contentType, 'model')?.trim() || 'whisper-1';
    const summary: RequestSummary = {
      model,
      upstreamModel: model,
      stream: false,
      metering: 'transcription',
      bodyBytes: body.length,
      promptTexts: () => [],
      promptTokens: () => 0,
    };
    return { protocol: 'openai', operation: endpoint, body, contentType, summary };
  }
  requireJson(endpoint, contentType);
  const json = parseJsonObject(body);
  const rules = JSON_ENDPOINTS[endpoint];
  if (!rules) throw new Error(`not a JSON endpoint: ${endpoint}`);
  validated(rules.schema, json);
  const models = modelsOf(endpoint, json, pathModel);
  return {
    protocol: 'openai',
    operation: endpoint,
    body,
    payload: json,
    contentType,
    summary: summarize(endpoint, json, models, body.length),
  };
}
