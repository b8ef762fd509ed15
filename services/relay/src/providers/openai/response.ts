import { errorFromBody } from '../../protocols/openai/errors';
import { lastObjectValue, toUsage, usageOf } from '../../protocols/openai/usage';
import type { ResponseSummary } from '../types';

/**
 * Bodies up to this size are parsed whole when the fast usage search finds nothing, to find an
 * error object or a usage in an unusual place. Larger bodies without a `usage` key (an audio
 * transcription, a big image) are a success with no usage.
 */
const FULL_PARSE_LIMIT_BYTES = 1024 * 1024;

/**
 * Reads what billing needs from a complete non-streaming success body, which the pipeline passes
 * to the client untouched. The usage is found by a byte search for the last `"usage": {…}` and
 * only that object is parsed (OpenAI-compatible bodies put it last, after the choices or the
 * embedding vectors); only when there is none is a small body parsed whole, to catch the
 * "200 with an error body" some upstreams send, and Moonshot-style usage inside a choice.
 */
export function readOpenAIResponse(body: Uint8Array): ResponseSummary {
  const buf = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const usage = toUsage(lastObjectValue(buf, 'usage'));
  if (usage) return { usage, error: undefined };
  if (buf.length === 0 || buf.length > FULL_PARSE_LIMIT_BYTES) return { usage: undefined, error: undefined };
  let parsed: unknown;
  try {
    parsed = JSON.parse(buf.toString('utf8'));
  } catch {
    return { usage: undefined, error: undefined };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { usage: undefined, error: undefined };
  }
  const object = parsed as Record<string, unknown>;
  return { usage: usageOf(object), error: errorFromBody(200, object) };
}
