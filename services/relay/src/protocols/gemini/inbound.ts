import { ValidationError } from '@modelgate/runtime';
import type { z } from 'zod';
import { parseJsonObject, requireJson } from '../json-body';
import { type GeminiOperation, lazy, type RelayRequest, type RequestSummary } from '../request';
import { validated } from '../validate';
import { withJsonFieldNames } from './field-names';
import { estimateGeminiPromptTokens, geminiPromptTexts, type PromptSource } from './prompt';
import {
  BatchEmbedContentsRequest,
  CountTokensRequest,
  EmbedContentRequest,
  GenerateContentRequest,
  type ThinkingConfig,
} from './wire';

/** The payload of each Gemini operation, validated (field names as the API's JSON names). */
export interface GeminiPayloads {
  generateContent: GenerateContentRequest;
  countTokens: CountTokensRequest;
  embedContent: EmbedContentRequest;
  batchEmbedContents: BatchEmbedContentsRequest;
}

/** A request of a client speaking Gemini, as the pipeline reads it. */
export type GeminiRequest = RelayRequest<GeminiPayloads[GeminiOperation]> & {
  readonly protocol: 'gemini';
  readonly operation: GeminiOperation;
};

/** What the path of a Gemini call says: `models/{model}:{method}`, and `alt` of a streamed one. */
export interface GeminiCall {
  readonly operation: GeminiOperation;
  /** The model of the path, with or without `models/`. */
  readonly model: string;
  /** `:streamGenerateContent`. */
  readonly stream: boolean;
  /** A streamed answer as one JSON array (`:streamGenerateContent` without `alt=sse`). */
  readonly jsonArray?: boolean;
}

const SCHEMAS = {
  generateContent: GenerateContentRequest,
  countTokens: CountTokensRequest,
  embedContent: EmbedContentRequest,
  batchEmbedContents: BatchEmbedContentsRequest,
} as const;

const MODELS_PREFIX = 'models/';

/** A model's id without the `models/` of its resource name. */
export function modelId(name: string): string {
  const trimmed = name.trim();
  return trimmed.startsWith(MODELS_PREFIX) ? trimmed.slice(MODELS_PREFIX.length) : trimmed;
}

function invalid(message: string, param?: string): ValidationError {
  return new ValidationError(message, { code: 'invalid_request', details: param === undefined ? undefined : { param } });
}

/** What a request sends the model, by operation: the turns, system instruction and tools. */
function promptSourceOf(operation: GeminiOperation, payload: GeminiPayloads[GeminiOperation]): PromptSource {
  switch (operation) {
    case 'generateContent':
      return payload as GenerateContentRequest;
    case 'countTokens': {
      const count = payload as CountTokensRequest;
      return count.generateContentRequest ?? { contents: count.contents ?? [] };
    }
    case 'embedContent':
      return { contents: [(payload as EmbedContentRequest).content], embedding: true };
    case 'batchEmbedContents':
      return { contents: (payload as BatchEmbedContentsRequest).requests.map((request) => request.content), embedding: true };
  }
}

/**
 * Checks what the schemas cannot: a token count names its contents one way, and the embeddings of
 * a batch are all asked of the path's model (as Google requires).
 */
function checkPayload(operation: GeminiOperation, payload: GeminiPayloads[GeminiOperation], model: string): void {
  if (operation === 'countTokens') {
    const count = payload as CountTokensRequest;
    if (count.contents === undefined && count.generateContentRequest === undefined) {
      throw invalid('* CountTokensRequest: either contents or generateContentRequest must be set', 'contents');
    }
    if (count.contents !== undefined && count.generateContentRequest !== undefined) {
      throw invalid('* CountTokensRequest: contents and generateContentRequest cannot both be set', 'generateContentRequest');
    }
  }
  if (operation === 'batchEmbedContents') {
    (payload as BatchEmbedContentsRequest).requests.forEach((request, index) => {
      if (request.model !== undefined && modelId(request.model) !== model) {
        throw invalid(
          `* BatchEmbedContentsRequest.requests[${index}].model: the model of each request must be the model of the call (models/${model})`,
          `requests.${index}.model`,
        );
      }
    });
  }
}

/** The reasoning effort a thinking config asks for: its level, or `none` for a zero budget. */
function reasoningEffortOf(thinking: ThinkingConfig | undefined): string | undefined {
  if (!thinking) return undefined;
  if (typeof thinking.thinkingLevel === 'string' && thinking.thinkingLevel !== '') return thinking.thinkingLevel.toLowerCase();
  return thinking.thinkingBudget === 0 ? 'none' : undefined;
}

/**
 * Reads and validates a Gemini API request: a JSON object whose fields have the API's types (proto
 * field names accepted and renamed), asking a model the path names. Failures are 400s with
 * Google's kind of message (`* GenerateContentRequest.contents: contents is not specified`), before
 * anything is reserved or sent. A token count is free; everything else is metered by tokens.
 */
export function parseGeminiRequest(call: GeminiCall, body: Buffer, contentType: string | undefined): GeminiRequest {
  const { operation } = call;
  const model = modelId(call.model);
  if (model === '') throw invalid('the model is missing from the path (models/{model}:method)', 'model');
  requireJson(operation, contentType);
  const json = withJsonFieldNames(parseJsonObject(body), body);
  const payload = validated(SCHEMAS[operation] as z.ZodType, json) as GeminiPayloads[GeminiOperation];
  checkPayload(operation, payload, model);
  const source = promptSourceOf(operation, payload);
  const generation = operation === 'generateContent' ? (payload as GenerateContentRequest).generationConfig : undefined;
  const maxTokens = generation?.maxOutputTokens;
  const reasoningEffort = reasoningEffortOf(generation?.thinkingConfig);
  const summary: RequestSummary = {
    model,
    upstreamModel: model,
    stream: operation === 'generateContent' && call.stream,
    metering: operation === 'countTokens' ? 'free' : 'tokens',
    ...(maxTokens === undefined ? {} : { maxTokens }),
    ...(reasoningEffort === undefined ? {} : { reasoningEffort }),
    bodyBytes: body.length,
    promptTexts: lazy(() => geminiPromptTexts(source)),
    promptTokens: lazy(() => estimateGeminiPromptTokens(model, source)),
  };
  return {
    protocol: 'gemini',
    operation,
    body,
    payload,
    contentType,
    summary,
    ...(summary.stream && call.jsonArray === true ? { streamFraming: 'json-array' as const } : {}),
  };
}
