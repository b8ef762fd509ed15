import { fieldOf, tokenCountOf, type Usage } from '../usage';
import type { UsageMetadata } from './wire';

/**
 * Gemini's `usageMetadata`, both ways. Gemini counts the prompt with its cached part included
 * (`cachedContentTokenCount`), the tokens of tool results it fetched itself (search, URL context)
 * apart (`toolUsePromptTokenCount`), and thinking apart from the answer (`thoughtsTokenCount`); all
 * are billed, so the prompt is prompt + tool-use prompt, the completion candidates + thoughts.
 */

/** The tokens of one modality (`AUDIO`, `IMAGE`, …) in a by-modality breakdown. */
function modalityTokens(details: unknown, modality: string): number {
  if (!Array.isArray(details)) return 0;
  let total = 0;
  for (const entry of details) if (fieldOf(entry, 'modality') === modality) total += tokenCountOf(fieldOf(entry, 'tokenCount')) ?? 0;
  return total;
}

/** The neutral usage of a `usageMetadata` object, or undefined when it carries no count. */
export function fromGeminiUsage(value: unknown): Usage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const prompt = tokenCountOf(fieldOf(value, 'promptTokenCount'));
  const candidates = tokenCountOf(fieldOf(value, 'candidatesTokenCount'));
  const thoughts = tokenCountOf(fieldOf(value, 'thoughtsTokenCount')) ?? 0;
  const toolUse = tokenCountOf(fieldOf(value, 'toolUsePromptTokenCount')) ?? 0;
  if (prompt === undefined && candidates === undefined && thoughts === 0) return undefined;
  const promptTokens = (prompt ?? 0) + toolUse;
  const completionTokens = (candidates ?? 0) + thoughts;
  return {
    promptTokens,
    completionTokens,
    totalTokens: promptTokens + completionTokens,
    cachedTokens: Math.min(tokenCountOf(fieldOf(value, 'cachedContentTokenCount')) ?? 0, promptTokens),
    cacheWriteTokens: 0,
    cacheWrite1hTokens: 0,
    reasoningTokens: thoughts,
    promptAudioTokens: modalityTokens(fieldOf(value, 'promptTokensDetails'), 'AUDIO'),
    completionAudioTokens: modalityTokens(fieldOf(value, 'candidatesTokensDetails'), 'AUDIO'),
    source: 'gemini',
  };
}

/** Gemini's `usageMetadata` for a neutral usage (what a client speaking Gemini reads). */
export function toGeminiUsage(usage: Usage): UsageMetadata {
  const thoughts = Math.min(usage.reasoningTokens, usage.completionTokens);
  return {
    promptTokenCount: usage.promptTokens,
    candidatesTokenCount: usage.completionTokens - thoughts,
    totalTokenCount: usage.promptTokens + usage.completionTokens,
    ...(usage.cachedTokens > 0 ? { cachedContentTokenCount: usage.cachedTokens } : {}),
    ...(thoughts > 0 ? { thoughtsTokenCount: thoughts } : {}),
  };
}
