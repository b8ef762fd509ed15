import { fieldOf, tokenCountOf, type Usage } from '../usage';
import type { AnthropicUsage } from './wire';

/**
 * Anthropic's usage object, both ways. Anthropic reports `input_tokens` without the cache: reads
 * (`cache_read_input_tokens`) and writes (`cache_creation_input_tokens`, split into five-minute
 * and one-hour writes under `cache_creation`) come on top.
 */

/**
 * The neutral usage of an Anthropic usage object, or undefined when it carries no count. Streams
 * report usage twice — input on `message_start`, output (and, lately, input again) on
 * `message_delta` — so `previous` fills what a later report leaves out.
 */
export function fromAnthropicUsage(value: unknown, previous?: Usage): Usage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const input = tokenCountOf(fieldOf(value, 'input_tokens'));
  const output = tokenCountOf(fieldOf(value, 'output_tokens'));
  if (input === undefined && output === undefined && previous === undefined) return undefined;
  const cacheRead = tokenCountOf(fieldOf(value, 'cache_read_input_tokens'));
  const cacheWrite = tokenCountOf(fieldOf(value, 'cache_creation_input_tokens'));
  const split = fieldOf(value, 'cache_creation');
  const write1h = tokenCountOf(fieldOf(split, 'ephemeral_1h_input_tokens'));
  const write5m = tokenCountOf(fieldOf(split, 'ephemeral_5m_input_tokens'));

  const cachedTokens = cacheRead ?? previous?.cachedTokens ?? 0;
  // A report with the writes' total but not their split (a stream's `message_delta`) keeps the
  // one-hour writes an earlier report split out (`message_start`), within the new total.
  const writes1h =
    write1h ?? (cacheWrite === undefined ? previous?.cacheWrite1hTokens : Math.min(previous?.cacheWrite1hTokens ?? 0, cacheWrite)) ?? 0;
  const writes5m =
    write5m ?? (cacheWrite !== undefined ? Math.max(0, cacheWrite - writes1h) : previous?.cacheWriteTokens) ?? 0;
  const uncached = input ?? (previous ? previous.promptTokens - previous.cachedTokens - previous.cacheWriteTokens - previous.cacheWrite1hTokens : 0);
  const promptTokens = uncached + cachedTokens + writes5m + writes1h;
  const completionTokens = output ?? previous?.completionTokens ?? 0;
  return {
    promptTokens,
    completionTokens,
    totalTokens: promptTokens + completionTokens,
    cachedTokens,
    cacheWriteTokens: writes5m,
    cacheWrite1hTokens: writes1h,
    reasoningTokens: 0,
    promptAudioTokens: 0,
    completionAudioTokens: 0,
    source: 'anthropic',
  };
}

/** Anthropic's usage object for a neutral usage (what a client speaking Anthropic reads). */
export function toAnthropicUsage(usage: Usage): AnthropicUsage {
  const writes = usage.cacheWriteTokens + usage.cacheWrite1hTokens;
  return {
    input_tokens: Math.max(0, usage.promptTokens - usage.cachedTokens - writes),
    output_tokens: usage.completionTokens,
    cache_creation_input_tokens: writes,
    cache_read_input_tokens: usage.cachedTokens,
  };
}
