import { randomFillSync } from 'node:crypto';
import { ValidationError } from '@modelgate/runtime';

/**
 * The words OpenAI's, Anthropic's and Gemini's formats use for the same things: why an answer
 * stopped, how hard to reason, and ids. Shared by every direction of the translation.
 */

/** OpenAI's `finish_reason` for Anthropic's `stop_reason`. */
export function finishReasonOf(stopReason: string | null | undefined): string | null {
  switch (stopReason) {
    case null:
    case undefined:
      return null;
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool_calls';
    case 'refusal':
      return 'content_filter';
    default:
      // end_turn, stop_sequence, pause_turn
      return 'stop';
  }
}

/** Anthropic's `stop_reason` for OpenAI's `finish_reason`. */
export function stopReasonOf(finishReason: string | null | undefined): string {
  switch (finishReason) {
    case 'length':
      return 'max_tokens';
    case 'tool_calls':
    case 'function_call':
      return 'tool_use';
    case 'content_filter':
      return 'refusal';
    default:
      return 'end_turn';
  }
}

/**
 * Gemini's `finishReason` for OpenAI's `finish_reason` (an Anthropic `stop_reason` goes through
 * {@link finishReasonOf} first): a call is a normal end in Gemini's words, a refusal a safety stop.
 */
export function geminiFinishReasonOf(finishReason: string | null | undefined): string {
  switch (finishReason) {
    case 'length':
      return 'MAX_TOKENS';
    case 'content_filter':
      return 'SAFETY';
    default:
      // stop, tool_calls, function_call, or none given
      return 'STOP';
  }
}

/** Share of `max_tokens` given to thinking for each OpenAI reasoning effort. */
const EFFORT_SHARES: Readonly<Record<string, number>> = { minimal: 0, low: 0.2, medium: 0.5, high: 0.8 };

/** The share of the completion budget a reasoning effort stands for; undefined for an unknown word. */
export function effortShare(effort: string): number | undefined {
  return EFFORT_SHARES[effort];
}

/** OpenAI's reasoning effort for an Anthropic thinking budget, relative to `max_tokens`. */
export function effortOfBudget(budget: number, maxTokens: number | undefined): 'low' | 'medium' | 'high' {
  const share = maxTokens && maxTokens > 0 ? budget / maxTokens : budget / 32_000;
  if (share < 0.35) return 'low';
  if (share < 0.65) return 'medium';
  return 'high';
}

/**
 * Random bytes for ids, drawn from the system in blocks: one `randomBytes` call per id cost about
 * 3 µs (a system call each), a slice of a block about 0.2 µs. Node's `randomUUID` pools the same way.
 */
const ID_ENTROPY = Buffer.alloc(4096);
const ID_BYTES = 12;
let entropyOffset = ID_ENTROPY.length;

/** A fresh id in a vendor's style (`msg_…`, `toolu_…`, `chatcmpl-…`, `call_…`): 96 random bits. */
export function newId(prefix: string): string {
  if (entropyOffset + ID_BYTES > ID_ENTROPY.length) {
    randomFillSync(ID_ENTROPY);
    entropyOffset = 0;
  }
  const id = ID_ENTROPY.toString('base64url', entropyOffset, entropyOffset + ID_BYTES);
  entropyOffset += ID_BYTES;
  return `${prefix}${id}`;
}

/** A 400 in the client's protocol about one field of its request. */
export function untranslatable(message: string, param: string): ValidationError {
  return new ValidationError(message, { code: 'invalid_request', details: { param } });
}

/** Tool-call arguments as an object; `{}` for an empty text, a 400 for text that is not a JSON object. */
export function parseArguments(text: string | undefined, param: string): Record<string, unknown> {
  if (text === undefined || text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw untranslatable(`${param}: the tool call's arguments are not valid JSON`, param);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw untranslatable(`${param}: the tool call's arguments must be a JSON object`, param);
  }
  return parsed as Record<string, unknown>;
}

/** Tool input from a model's answer (it may be malformed): the object, or the text kept under `_raw`. */
export function answerArguments(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  return { _raw: text };
}

/** A `data:` URL's media type and base64 payload, or undefined for any other URL. */
export function parseDataUrl(url: string): { mediaType: string; data: string } | undefined {
  const match = /^data:([^;,]+)(?:;[^,]*)?;base64,(.*)$/s.exec(url);
  return match ? { mediaType: match[1]!, data: match[2]! } : undefined;
}

/** Unix seconds now. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * The instruction that asks Claude for JSON output, Claude having no response format of its own:
 * appended to the system prompt when a client asks for JSON (with its schema when it gives one).
 */
export function jsonInstruction(schema?: unknown): string {
  const base = 'Answer with a single JSON value and nothing else: no prose, no code fences.';
  return schema === undefined ? base : `${base} The value must match this JSON Schema: ${JSON.stringify(schema)}`;
}
