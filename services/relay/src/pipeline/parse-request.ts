import { AppError, GrpcCode, ValidationError } from '@modelgate/runtime';
import { multipartBoundary, readMultipartField } from '../providers/openai/multipart';
import type { RelayEndpoint } from '../providers/types';

/** A relayed request as the pipeline needs it, read once from the client's body. */
export interface ParsedRelayRequest {
  readonly endpoint: RelayEndpoint;
  /** The model the client asked for (or the endpoint's default): routing, billing and logs use it. */
  readonly model: string;
  /** The model to send upstream when the channel maps nothing (differs only for moderations). */
  readonly upstreamModel: string;
  readonly body: Buffer;
  /** The parsed body of JSON endpoints. */
  readonly json?: Readonly<Record<string, unknown>>;
  readonly contentType?: string;
  readonly stream: boolean;
}

/** A body in a content type the endpoint does not take: 415 in the OpenAI shape. */
export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super('unsupported_media_type', message, 415, GrpcCode.INVALID_ARGUMENT);
  }
}

/** The reference's bound on `max_tokens` (larger values are refused, not passed on). */
const MAX_TOKENS_LIMIT = 2 ** 30;

const MULTIPART_ENDPOINTS: ReadonlySet<RelayEndpoint> = new Set(['audio/transcriptions', 'audio/translations']);

function invalid(message: string, param?: string): ValidationError {
  return new ValidationError(message, { code: 'invalid_request', details: param ? { param } : undefined });
}

function isJsonContentType(contentType: string | undefined): boolean {
  if (contentType === undefined || contentType.trim() === '') return true;
  const mediaType = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

function parseJsonObject(body: Buffer): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new ValidationError(`Invalid request, the body is not valid JSON: ${(error as Error).message}`, {
      code: 'invalid_json',
    });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalid('Invalid request, the body must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function present(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** The model field: required on chat and completions, else defaulted per endpoint. */
function modelOf(json: Record<string, unknown>, fallback: string | undefined): string {
  const model = json['model'];
  if (model !== undefined && typeof model !== 'string') throw invalid('model must be a string', 'model');
  if (nonEmptyString(model)) return model.trim();
  if (fallback === undefined) throw invalid('model is required', 'model');
  return fallback;
}

function checkMaxTokens(json: Record<string, unknown>): void {
  for (const field of ['max_tokens', 'max_completion_tokens']) {
    const value = json[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
      throw invalid(`${field} must be a non-negative integer`, field);
    }
    if (value > MAX_TOKENS_LIMIT) throw invalid(`${field} is too large`, field);
  }
}

/** Endpoint rules of the JSON endpoints: required fields and the default model. */
function readJsonRequest(endpoint: RelayEndpoint, json: Record<string, unknown>, pathModel?: string) {
  switch (endpoint) {
    case 'chat/completions':
      checkMaxTokens(json);
      if (!Array.isArray(json['messages']) || json['messages'].length === 0) {
        throw invalid('field messages is required', 'messages');
      }
      return { model: modelOf(json, undefined) };
    case 'completions':
      checkMaxTokens(json);
      if (!present(json['prompt'])) throw invalid('field prompt is required', 'prompt');
      return { model: modelOf(json, undefined) };
    case 'embeddings':
      if (!present(json['input'])) throw invalid('field input is required', 'input');
      return { model: modelOf(json, pathModel) };
    case 'moderations':
      if (!present(json['input'])) throw invalid('field input is required', 'input');
      // The reference routes an unnamed model as text-moderation-stable and asks for -latest.
      return nonEmptyString(json['model'])
        ? { model: modelOf(json, undefined) }
        : { model: 'text-moderation-stable', upstreamModel: 'text-moderation-latest' };
    case 'images/generations':
      if (!nonEmptyString(json['prompt'])) throw invalid('field prompt is required', 'prompt');
      if (typeof json['size'] === 'string' && json['size'].includes('×')) {
        throw invalid('size must use the letter x, as in 1024x1024', 'size');
      }
      return { model: modelOf(json, 'dall-e-2') };
    case 'audio/speech':
      if (!nonEmptyString(json['input'])) throw invalid('field input is required', 'input');
      return { model: modelOf(json, 'tts-1') };
    case 'rerank':
      if (!nonEmptyString(json['query'])) throw invalid('field query is required', 'query');
      if (!Array.isArray(json['documents']) || json['documents'].length === 0) {
        throw invalid('field documents is required', 'documents');
      }
      return { model: modelOf(json, undefined) };
    default:
      throw new Error(`not a JSON endpoint: ${endpoint}`);
  }
}

/**
 * Reads and validates a relay request body for `endpoint`: JSON endpoints take
 * `application/json` (or no content type), the audio uploads `multipart/form-data`; anything else
 * is a 415. Missing required fields are 400s with the reference's messages; the model falls back
 * to the endpoint's default where the reference has one (`whisper-1`, `tts-1`, `dall-e-2`, …).
 */
export function parseRelayRequest(
  endpoint: RelayEndpoint,
  body: Buffer,
  contentType: string | undefined,
  pathModel?: string,
): ParsedRelayRequest {
  if (MULTIPART_ENDPOINTS.has(endpoint)) {
    if (!multipartBoundary(contentType)) {
      throw new UnsupportedMediaTypeError(`${endpoint} takes a multipart/form-data body`);
    }
    const model = readMultipartField(body, contentType, 'model')?.trim() || 'whisper-1';
    return { endpoint, model, upstreamModel: model, body, contentType, stream: false };
  }
  if (!isJsonContentType(contentType)) {
    throw new UnsupportedMediaTypeError(`${endpoint} takes an application/json body, not ${contentType}`);
  }
  if (body.length === 0) throw invalid('Invalid request, the body is empty');
  const json = parseJsonObject(body);
  const read = readJsonRequest(endpoint, json, pathModel);
  const streams = endpoint === 'chat/completions' || endpoint === 'completions';
  return {
    endpoint,
    model: read.model,
    upstreamModel: read.upstreamModel ?? read.model,
    body,
    json,
    contentType,
    stream: streams && json['stream'] === true,
  };
}
