import type { Candidate, GenerateContentResponse, Part } from '../protocols/gemini/wire';
import type { ChatAnswerImage } from '../protocols/openai/wire';
import { fieldOf } from '../protocols/usage';

/**
 * Reading Gemini's answers for a client of another protocol: the candidates and their parts, why
 * a candidate stopped, in OpenAI's and Anthropic's words.
 */

/** Finish reasons meaning Gemini's filters withheld the answer (safety, recitation, blocklists, personal data). */
const FILTERED: ReadonlySet<string> = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
]);

/** OpenAI's `finish_reason` for a candidate's `finishReason` (null while it has none). */
export function finishReasonOfGemini(reason: string | undefined, calledFunction: boolean): string | null {
  if (reason === undefined || reason === '' || reason === 'FINISH_REASON_UNSPECIFIED') return null;
  if (reason === 'MAX_TOKENS') return 'length';
  if (FILTERED.has(reason)) return 'content_filter';
  return calledFunction ? 'tool_calls' : 'stop';
}

/** Anthropic's `stop_reason` for a candidate's `finishReason`. */
export function stopReasonOfGemini(reason: string | undefined, calledFunction: boolean): string {
  if (reason === 'MAX_TOKENS') return 'max_tokens';
  if (reason !== undefined && FILTERED.has(reason)) return 'refusal';
  return calledFunction ? 'tool_use' : 'end_turn';
}

/** The candidates of an answer or chunk (an empty list when it has none). */
export function candidatesOf(answer: unknown): Candidate[] {
  const candidates = fieldOf(answer, 'candidates');
  return Array.isArray(candidates) ? (candidates as Candidate[]) : [];
}

/** The parts of a candidate's content. */
export function partsOf(candidate: Candidate | undefined): Part[] {
  const parts = candidate?.content?.parts;
  return Array.isArray(parts) ? parts : [];
}

/** The text of a part, or undefined for a part of another kind. */
export function textOf(part: Part): string | undefined {
  return typeof part.text === 'string' ? part.text : undefined;
}

/** The id of an answer (`responseId`), when it has one. */
export function responseIdOf(answer: unknown): string | undefined {
  const id = (answer as GenerateContentResponse | null)?.responseId;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** An image part Gemini generated (`inlineData` of an image type) as a chat answer's image. */
export function generatedImageOf(part: Part): ChatAnswerImage | undefined {
  const blob = part.inlineData;
  if (!blob || typeof blob.mimeType !== 'string' || !blob.mimeType.startsWith('image/')) return undefined;
  return { type: 'image_url', image_url: { url: `data:${blob.mimeType};base64,${blob.data}` } };
}
