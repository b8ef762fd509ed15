import { speechPromptTokens } from '@modelgate/pricing';
import type { OpenAIEndpoint } from '@modelgate/channel-types';
import { createTextTokenCounter, type TextTokenCounter } from '../../metering/token-counter';

/**
 * The local prompt-token estimate of a request (reference §3.2, §3.5): what the quota reservation
 * is computed from, and the prompt tokens billed when the upstream reports no usage.
 *
 * The body is the client's parsed JSON and is read defensively: whatever has the expected shape
 * is counted, anything else is skipped, and nothing throws — a request the upstream will reject
 * still needs a number. All texts of one request share one tokenize budget (see
 * {@link createTextTokenCounter}), so a body of many large parts costs bounded CPU.
 */

/** Framing of each chat message (the start and separator markers around role and content). */
export const TOKENS_PER_MESSAGE = 3;
/** Extra framing when a message carries a `name`. */
export const TOKENS_PER_NAME = 1;
/** The assistant header that primes the reply, once per chat request. */
export const REPLY_PRIMING_TOKENS = 3;

/**
 * An image part at `detail: "low"`: a fixed 85 tokens in OpenAI's vision pricing, whatever the
 * image size.
 */
export const LOW_DETAIL_IMAGE_TOKENS = 85;

/**
 * An image part at high or automatic detail. The exact count depends on the image's dimensions
 * (85 + 170 per 512-pixel tile after scaling), which would mean fetching or decoding the image on
 * the hot path; we assume a 1024×1024 image instead — scaled to 768×768, 4 tiles: 85 + 4 × 170.
 */
export const HIGH_DETAIL_IMAGE_TOKENS = 765;

/**
 * An `input_audio` part, whose duration is unknown without decoding it: one minute of input audio
 * by the reference's local audio estimate (seconds / 60 × 100 / 0.06 tokens).
 */
export const AUDIO_PART_TOKENS = 1667;

type Json = Readonly<Record<string, unknown>>;

function objectOf(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

function arrayOf(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A token-id array (`[1, 2, 3]`) counts one token per number. */
function tokenIdCount(value: readonly unknown[]): number {
  let count = 0;
  for (const item of value) if (typeof item === 'number') count += 1;
  return count;
}

/**
 * Tokens of a text-input field (`prompt`, `input`): a string, an array of strings, a token-id
 * array, an array of token-id arrays, or an array of `{text}` parts (multimodal moderation input;
 * its non-text parts are not counted).
 */
function inputTokens(value: unknown, count: TextTokenCounter): number {
  if (typeof value === 'string') return count(value);
  let total = 0;
  for (const item of arrayOf(value)) {
    if (typeof item === 'string') total += count(item);
    else if (typeof item === 'number') total += 1;
    else if (Array.isArray(item)) total += tokenIdCount(item);
    else total += count(objectOf(item)?.['text']);
  }
  return total;
}

function imageTokens(part: Json): number {
  const detail = objectOf(part['image_url'])?.['detail'];
  return detail === 'low' ? LOW_DETAIL_IMAGE_TOKENS : HIGH_DETAIL_IMAGE_TOKENS;
}

/** A message's `content`: a string, or an array of text, image, audio (and other) parts. */
function contentTokens(content: unknown, count: TextTokenCounter): number {
  if (typeof content === 'string') return count(content);
  let total = 0;
  for (const item of arrayOf(content)) {
    const part = objectOf(item);
    if (part === undefined) continue;
    if (part['type'] === 'image_url') total += imageTokens(part);
    else if (part['type'] === 'input_audio') total += AUDIO_PART_TOKENS;
    else total += count(part['text']) + count(part['refusal']);
  }
  return total;
}

/**
 * Function calls an assistant message in the history carries (`tool_calls`, or the legacy
 * `function_call`): their names and arguments are prompt text like any other.
 */
function historyCallTokens(message: Json, count: TextTokenCounter): number {
  const toolCalls = arrayOf(message['tool_calls']).map((call) => objectOf(call)?.['function']);
  const calls = [...toolCalls, message['function_call']];
  let total = 0;
  for (const call of calls) {
    const fn = objectOf(call);
    if (fn !== undefined) total += count(fn['name']) + count(fn['arguments']);
  }
  return total;
}

function messageTokens(message: Json, count: TextTokenCounter): number {
  let total = TOKENS_PER_MESSAGE + count(message['role']) + contentTokens(message['content'], count);
  const name = message['name'];
  if (typeof name === 'string' && name !== '') total += count(name) + TOKENS_PER_NAME;
  return total + historyCallTokens(message, count);
}

function jsonText(value: unknown): string {
  if (value === undefined) return '';
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/**
 * The function definitions offered to the model (`tools[].function`, or the legacy `functions`):
 * the name, the description and the JSON text of the parameter schema of each.
 */
function functionTokens(body: Json, count: TextTokenCounter): number {
  const tools = arrayOf(body['tools']).map((tool) => objectOf(tool)?.['function']);
  const definitions = [...tools, ...arrayOf(body['functions'])];
  let total = 0;
  for (const definition of definitions) {
    const fn = objectOf(definition);
    if (fn === undefined) continue;
    total += count(fn['name']) + count(fn['description']) + count(jsonText(fn['parameters']));
  }
  return total;
}

function chatTokens(body: Json, count: TextTokenCounter): number {
  let total = REPLY_PRIMING_TOKENS;
  for (const item of arrayOf(body['messages'])) {
    const message = objectOf(item);
    if (message !== undefined) total += messageTokens(message, count);
  }
  return total + functionTokens(body, count);
}

/** Rerank: the query plus every document, each a string or a `{text}` object. */
function rerankTokens(body: Json, count: TextTokenCounter): number {
  let total = count(body['query']);
  for (const document of arrayOf(body['documents'])) {
    total += typeof document === 'string' ? count(document) : count(objectOf(document)?.['text']);
  }
  return total;
}

/** Speech: `tts*` models are priced per character of input, other speech models per token. */
function speechTokens(model: string, input: unknown, count: TextTokenCounter): number {
  if (typeof input !== 'string') return 0;
  return speechPromptTokens(model, input) ?? count(input);
}

/**
 * Estimated prompt tokens of a request to `endpoint` for `model`. Image generation and audio
 * transcription are 0: the former is priced per image, the latter by the audio's duration once
 * the upstream reports it.
 */
export function estimatePromptTokens(endpoint: OpenAIEndpoint, model: string, json: unknown): number {
  const body = objectOf(json);
  if (body === undefined) return 0;
  const count = createTextTokenCounter(model);
  switch (endpoint) {
    case 'chat/completions':
      return chatTokens(body, count);
    case 'completions':
      return inputTokens(body['prompt'], count);
    case 'embeddings':
    case 'moderations':
      return inputTokens(body['input'], count);
    case 'rerank':
      return rerankTokens(body, count);
    case 'audio/speech':
      return speechTokens(model, body['input'], count);
    case 'images/generations':
    case 'images/edits':
    case 'images/variations':
    case 'audio/transcriptions':
    case 'audio/translations':
      return 0;
    // The Responses API's requests are read and counted by its own codec (protocols/responses).
    case 'responses':
    case 'responses/compact':
      return 0;
  }
}
