import { fieldOf as field, tokenCountOf as count, type Usage } from '../usage';

/**
 * Usage reading shared by the response and stream directions: a byte-level search for a JSON key
 * (so a multi-megabyte embeddings or image body is not parsed just to read its last 200 bytes)
 * and the normalisation of the usage shapes OpenAI-compatible vendors send.
 *
 * Why the key search is sound on valid JSON: inside a string every `"` is escaped, so an
 * unescaped `"usage"` followed by `:` can only be an object key named `usage`. UTF-8 never puts
 * ASCII bytes inside a multi-byte character, so searching bytes is safe.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

function isSpace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

/**
 * Index of the value after `"key"` at `at` when that is an unescaped object key, else -1.
 * `byteAt` reads the searched bytes (a Buffer, or a latin1 string holding one byte per char).
 */
function valueStartOfKeyAt(byteAt: (i: number) => number | undefined, length: number, at: number, keyLength: number): number {
  let slashes = 0;
  for (let i = at - 1; i >= 0 && byteAt(i) === BACKSLASH; i--) slashes++;
  if (slashes % 2 === 1) return -1;
  let j = at + keyLength;
  while (isSpace(byteAt(j))) j++;
  if (byteAt(j) !== COLON) return -1;
  j++;
  while (isSpace(byteAt(j))) j++;
  return j < length ? j : -1;
}

/** End (exclusive) of the JSON object or array starting at `start`, or -1 when it is cut off. */
function endOfComposite(buf: Buffer, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < buf.length; i++) {
    const byte = buf[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth++;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/**
 * The keys searched for: the bytes of `"key"`, and `key"` as text (V8 searches a pattern under 7
 * chars linearly but sets up Boyer-Moore tables, far slower on short chunks, for longer ones).
 */
const NEEDLES = {
  usage: { text: 'usage"', bytes: Buffer.from('"usage"') },
  error: { text: 'error"', bytes: Buffer.from('"error"') },
} as const;
/** A key {@link hasObjectValue} and {@link lastObjectValue} can look for. */
export type SearchedKey = keyof typeof NEEDLES;

/**
 * Start indexes of the object values of every `"key":` in `buf`, last occurrence first, handed to
 * `visit` until it returns true. Keys whose value is not an object (`"usage": null`) are skipped.
 */
function visitObjectValues(buf: Buffer, key: SearchedKey, visit: (start: number) => boolean): void {
  const needle = NEEDLES[key].bytes;
  const byteAt = (i: number): number | undefined => buf[i];
  let at = buf.lastIndexOf(needle);
  while (at >= 0) {
    const start = valueStartOfKeyAt(byteAt, buf.length, at, needle.length);
    if (start >= 0 && buf[start] === OPEN_BRACE && visit(start)) return;
    if (at === 0) return;
    at = buf.lastIndexOf(needle, at - 1);
  }
}

/**
 * True when `text` (bytes decoded as latin1, one char per byte, so ASCII searches see the bytes)
 * has a `"key": { … }` anywhere: the cheap test a stream chunk passes before being parsed.
 */
export function hasObjectValue(text: string, key: SearchedKey): boolean {
  const needle = NEEDLES[key].text;
  const byteAt = (i: number): number => text.charCodeAt(i);
  for (let at = text.indexOf(needle, 1); at >= 1; at = text.indexOf(needle, at + 1)) {
    if (text.charCodeAt(at - 1) !== QUOTE) continue;
    const start = valueStartOfKeyAt(byteAt, text.length, at - 1, needle.length + 1);
    if (start >= 0 && text.charCodeAt(start) === OPEN_BRACE) return true;
  }
  return false;
}

/** The last `"key": { … }` object of `buf`, parsed; undefined when absent, cut off or malformed. */
export function lastObjectValue(buf: Buffer, key: SearchedKey): Record<string, unknown> | undefined {
  let result: Record<string, unknown> | undefined;
  visitObjectValues(buf, key, (start) => {
    const end = endOfComposite(buf, start);
    if (end < 0) return false;
    try {
      result = JSON.parse(buf.toString('utf8', start, end)) as Record<string, unknown>;
      return true;
    } catch {
      return false;
    }
  });
  return result;
}

/**
 * Normalises an OpenAI-style usage object: `prompt_tokens`/`completion_tokens` (chat, embeddings)
 * or `input_tokens`/`output_tokens` (images, responses); cached tokens from
 * `prompt_tokens_details.cached_tokens`, `input_tokens_details.cached_tokens` or DeepSeek's
 * `prompt_cache_hit_tokens`. A usage with only `total_tokens` (rerank) counts it all as prompt.
 * Undefined when the object carries no count at all.
 */
export function toUsage(value: unknown): Usage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  let prompt = count(field(value, 'prompt_tokens')) ?? count(field(value, 'input_tokens'));
  const completion = count(field(value, 'completion_tokens')) ?? count(field(value, 'output_tokens'));
  const total = count(field(value, 'total_tokens'));
  if (prompt === undefined && completion === undefined) {
    if (total === undefined) return undefined;
    prompt = total;
  }
  const promptDetails = field(value, 'prompt_tokens_details') ?? field(value, 'input_tokens_details');
  const completionDetails = field(value, 'completion_tokens_details') ?? field(value, 'output_tokens_details');
  const promptTokens = prompt ?? 0;
  const completionTokens = completion ?? 0;
  return {
    promptTokens,
    completionTokens,
    totalTokens: total ?? promptTokens + completionTokens,
    cachedTokens: count(field(promptDetails, 'cached_tokens')) ?? count(field(value, 'prompt_cache_hit_tokens')) ?? 0,
    cacheWriteTokens: 0,
    cacheWrite1hTokens: 0,
    reasoningTokens: count(field(completionDetails, 'reasoning_tokens')) ?? 0,
    promptAudioTokens: count(field(promptDetails, 'audio_tokens')) ?? 0,
    completionAudioTokens: count(field(completionDetails, 'audio_tokens')) ?? 0,
    source: 'openai',
  };
}

/**
 * The usage of a parsed response or chunk: the top-level `usage`, else the first choice carrying
 * one (Moonshot puts streamed usage inside the last choice).
 */
export function usageOf(body: Record<string, unknown>): Usage | undefined {
  const top = toUsage(body['usage']);
  if (top) return top;
  const choices = body['choices'];
  if (!Array.isArray(choices)) return undefined;
  for (const choice of choices) {
    const usage = toUsage(field(choice, 'usage'));
    if (usage) return usage;
  }
  return undefined;
}
