import { isCount, parseSse } from './answer-parsing';

/**
 * The check of a Gemini answer (`GenerateContentResponse`), whole or streamed as server-sent
 * events (`:streamGenerateContent?alt=sse`, each event's data one whole response). Each returns
 * the problem, quoting `excerpt`, or null when the answer is good.
 */

interface GeminiResponse {
  candidates?: Array<{ content?: { role?: unknown; parts?: Array<{ text?: unknown; thought?: unknown }> }; finishReason?: unknown }>;
  usageMetadata?: { promptTokenCount?: unknown; candidatesTokenCount?: unknown; totalTokenCount?: unknown };
  error?: unknown;
}

/** A JSON object, as every Gemini response is (an array is the other stream framing, not asked for here). */
const isResponse = (value: unknown): value is GeminiResponse => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first candidate's answer text (thoughts left out), joined. */
function textOf(response: GeminiResponse): string {
  const parts = response.candidates?.[0]?.content?.parts;
  if (!Array.isArray(parts)) return '';
  return parts
    .filter((part) => part?.thought !== true && typeof part?.text === 'string')
    .map((part) => part.text as string)
    .join('');
}

/** Whether the response reports the prompt's, the answer's and the total token counts. */
function hasUsage(response: GeminiResponse): boolean {
  const usage = response.usageMetadata;
  return isCount(usage?.promptTokenCount) && isCount(usage?.candidatesTokenCount) && isCount(usage?.totalTokenCount);
}

/** A whole answer: a model turn in `candidates[0].content` with non-empty text, and `usageMetadata`. */
export function checkGeminiResponse(response: unknown, excerpt: string): string | null {
  if (!isResponse(response)) return `not a generateContent response: ${excerpt}`;
  if (response.error !== undefined) return `answer is an error: ${excerpt}`;
  if (!Array.isArray(response.candidates) || response.candidates.length === 0) return `no candidates: ${excerpt}`;
  if (response.candidates[0]?.content?.role !== 'model') return `the first candidate is not a model turn: ${excerpt}`;
  if (textOf(response) === '') return `no text in candidates[0].content.parts: ${excerpt}`;
  return hasUsage(response) ? null : `no usageMetadata: ${excerpt}`;
}

/**
 * A stream: every event a JSON response (no `[DONE]`, no `error` object), text in the first
 * candidate's parts of some chunk, and a last chunk that ends the candidate (`finishReason`) and
 * carries the `usageMetadata` of the whole answer.
 */
export function checkGeminiStream(body: string, excerpt: string): string | null {
  const chunks: GeminiResponse[] = [];
  for (const { data } of parseSse(body)) {
    let chunk: unknown;
    try {
      chunk = JSON.parse(data);
    } catch {
      return `stream has an event that is not JSON: ${excerpt}`;
    }
    if (!isResponse(chunk)) return `stream has an event that is not a response: ${excerpt}`;
    if (chunk.error !== undefined) return `stream carries an error: ${excerpt}`;
    chunks.push(chunk);
  }
  if (chunks.length === 0) return `stream is empty: ${excerpt}`;
  if (chunks.every((chunk) => textOf(chunk) === '')) return `stream carries no text: ${excerpt}`;
  const last = chunks[chunks.length - 1]!;
  if (typeof last.candidates?.[0]?.finishReason !== 'string') return `the last chunk has no finishReason: ${excerpt}`;
  return hasUsage(last) ? null : `the last chunk carries no usageMetadata: ${excerpt}`;
}
