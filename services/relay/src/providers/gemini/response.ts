import { geminiErrorOf } from '../../protocols/gemini/errors';
import { fromGeminiUsage } from '../../protocols/gemini/usage';
import { UpstreamError } from '../../protocols/upstream-error';
import { fieldOf } from '../../protocols/usage';
import type { ResponseSummary } from '../types';

/**
 * A prompt Gemini refused outright (`promptFeedback.blockReason`, and no candidate at all): there
 * is no answer to deliver, so it is the client's request that failed, as a 400 naming the reason.
 */
export function blockedPromptError(value: unknown): UpstreamError | undefined {
  const reason = fieldOf(fieldOf(value, 'promptFeedback'), 'blockReason');
  if (typeof reason !== 'string' || reason === '') return undefined;
  const candidates = fieldOf(value, 'candidates');
  if (Array.isArray(candidates) && candidates.length > 0) return undefined;
  return new UpstreamError({
    kind: 'upstream',
    status: 400,
    message: `the prompt was blocked by the upstream (blockReason ${reason})`,
    errorType: 'INVALID_ARGUMENT',
    errorCode: 'prompt_blocked',
  });
}

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
