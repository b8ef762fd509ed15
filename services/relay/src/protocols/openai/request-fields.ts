import type { ImageRequest } from '@modelgate/pricing';

/**
 * Readers for the request-body fields billing needs. The body is the client's parsed JSON, so
 * every reader accepts anything and returns only values of the expected shape: a wrong type is
 * "not set", never an error — the upstream, not billing, rejects malformed requests.
 */

/** The completion limits a request states (absent when not given as a whole number ≥ 0). */
export interface MaxTokens {
  readonly maxTokens?: number;
  readonly maxCompletionTokens?: number;
}

/**
 * Short keyword values (`high`, `1024x1024`, `hd`). Anything longer or with other characters is
 * dropped: these values are written into consume logs, which must not carry arbitrary client text.
 */
const KEYWORD = /^[A-Za-z0-9_.:-]{1,32}$/;

function fieldsOf(json: unknown): Readonly<Record<string, unknown>> {
  return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
}

function wholeNumber(value: unknown, min: number): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= min ? value : undefined;
}

/** The value when it is a short keyword ({@link KEYWORD}), else undefined. */
export function keyword(value: unknown): string | undefined {
  return typeof value === 'string' && KEYWORD.test(value) ? value : undefined;
}

/** `max_tokens` and `max_completion_tokens`, each only when a finite non-negative integer. */
export function maxTokensOf(json: unknown): MaxTokens {
  const fields = fieldsOf(json);
  const maxTokens = wholeNumber(fields['max_tokens'], 0);
  const maxCompletionTokens = wholeNumber(fields['max_completion_tokens'], 0);
  return {
    ...(maxTokens === undefined ? {} : { maxTokens }),
    ...(maxCompletionTokens === undefined ? {} : { maxCompletionTokens }),
  };
}

/**
 * The reasoning effort a request asks for, for the consume log: chat's `reasoning_effort`, or the
 * nested `reasoning.effort` some clients send instead.
 */
export function reasoningEffortOf(json: unknown): string | undefined {
  const fields = fieldsOf(json);
  return keyword(fields['reasoning_effort']) ?? keyword(fieldsOf(fields['reasoning'])['effort']);
}

/**
 * The billable parameters of an image generation: `size` and `quality` as sent (the price rules
 * default them), `n` only when a whole number ≥ 1.
 */
export function imageRequestOf(json: unknown): ImageRequest {
  const fields = fieldsOf(json);
  const size = keyword(fields['size']);
  const quality = keyword(fields['quality']);
  const n = wholeNumber(fields['n'], 1);
  return {
    ...(size === undefined ? {} : { size }),
    ...(quality === undefined ? {} : { quality }),
    ...(n === undefined ? {} : { n }),
  };
}
