import { blockedPromptError, geminiErrorOf } from '../../protocols/gemini/errors';
import { fromGeminiUsage } from '../../protocols/gemini/usage';
import { fieldOf } from '../../protocols/usage';
import type { ResponseSummary } from '../types';

/** A complete Gemini answer (a generation, a token count, embeddings) read for billing. */
export function readGeminiResponse(body: Uint8Array): ResponseSummary {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'));
  } catch {
    return { usage: undefined, error: undefined };
  }
  if (typeof parsed !== 'object' || parsed === null) return { usage: undefined, error: undefined };
  const error = geminiErrorOf(200, parsed) ?? blockedPromptError(parsed);
  if (error) return { usage: undefined, error };
  return { usage: fromGeminiUsage(fieldOf(parsed, 'usageMetadata')), error: undefined };
}
