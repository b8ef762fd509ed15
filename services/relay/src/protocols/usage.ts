import type { WireProtocol } from '@modelgate/channel-types';

/**
 * Token usage as billing needs it, normalised from whatever shape the upstream reported it in.
 * `promptTokens` counts every input token, cache reads and writes included (OpenAI's meaning);
 * `source` says which protocol reported it: usage an Anthropic-protocol upstream reported is
 * settled with Claude's formula, which prices cache writes apart.
 */
export interface Usage {
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly totalTokens: number;
  /** Prompt tokens served from the provider's cache. */
  readonly cachedTokens: number;
  /** Prompt tokens written to the provider's cache for five minutes (Anthropic's default). */
  readonly cacheWriteTokens: number;
  /** Prompt tokens written to the provider's cache for an hour. */
  readonly cacheWrite1hTokens: number;
  /** Completion tokens spent on reasoning. */
  readonly reasoningTokens: number;
  /** Audio parts of prompt and completion (gpt-4o-audio billing). */
  readonly promptAudioTokens: number;
  readonly completionAudioTokens: number;
  readonly source: WireProtocol;
}

/** A token count: a finite non-negative number, truncated; undefined otherwise. */
export function tokenCountOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.trunc(value) : undefined;
}

/** A member of an object, or undefined for anything that is not one. */
export function fieldOf(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/** Prompt tokens that were neither read from nor written to a cache. */
export function uncachedPromptTokens(usage: Usage): number {
  return Math.max(0, usage.promptTokens - usage.cachedTokens - usage.cacheWriteTokens - usage.cacheWrite1hTokens);
}
