import { fieldOf, tokenCountOf } from '../protocols/usage';

/** The server event that ends a response and carries its usage. */
export const RESPONSE_DONE = 'response.done';

/** One response's usage as a Realtime `response.done` event reports it, split into text and audio. */
export interface RealtimeUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** Input tokens that were not audio (text, and images when the model takes them). */
  readonly textInputTokens: number;
  readonly audioInputTokens: number;
  /** Input tokens served from the provider's cache (part of the input above). */
  readonly cachedTokens: number;
  readonly textOutputTokens: number;
  readonly audioOutputTokens: number;
}

/** What a server event means to billing: a finished response, with its id and usage. */
export interface FinishedResponse {
  readonly responseId: string | undefined;
  /** Undefined when the event carried no usage (a response cancelled before it started). */
  readonly usage: RealtimeUsage | undefined;
}

function count(value: unknown): number {
  return tokenCountOf(value) ?? 0;
}

/** The usage object of a `response.done` event (`response.usage`), split as billing needs it. */
export function realtimeUsageOf(usage: unknown): RealtimeUsage | undefined {
  if (typeof usage !== 'object' || usage === null) return undefined;
  const inputDetails = fieldOf(usage, 'input_token_details');
  const outputDetails = fieldOf(usage, 'output_token_details');
  const audioInputTokens = count(fieldOf(inputDetails, 'audio_tokens'));
  const audioOutputTokens = count(fieldOf(outputDetails, 'audio_tokens'));
  const inputTokens = Math.max(
    count(fieldOf(usage, 'input_tokens')),
    audioInputTokens + count(fieldOf(inputDetails, 'text_tokens')) + count(fieldOf(inputDetails, 'image_tokens')),
  );
  const outputTokens = Math.max(count(fieldOf(usage, 'output_tokens')), audioOutputTokens + count(fieldOf(outputDetails, 'text_tokens')));
  return {
    inputTokens,
    outputTokens,
    textInputTokens: inputTokens - audioInputTokens,
    audioInputTokens,
    cachedTokens: Math.min(inputTokens, count(fieldOf(inputDetails, 'cached_tokens'))),
    textOutputTokens: outputTokens - audioOutputTokens,
    audioOutputTokens,
  };
}

/**
 * Reads a server text frame: a `response.done` event gives its response's id and usage; anything
 * else (every delta, unparsable text) gives undefined. Frames that cannot be that event are
 * passed over without parsing, so audio deltas cost one substring search.
 */
export function finishedResponseOf(text: string): FinishedResponse | undefined {
  if (!text.includes(`"${RESPONSE_DONE}"`)) return undefined;
  let event: unknown;
  try {
    event = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (fieldOf(event, 'type') !== RESPONSE_DONE) return undefined;
  const response = fieldOf(event, 'response');
  const id = fieldOf(response, 'id');
  return { responseId: typeof id === 'string' ? id : undefined, usage: realtimeUsageOf(fieldOf(response, 'usage')) };
}
