// The usage of a Realtime response: input text estimated like the other endpoints (about four
// characters a token) plus the committed input audio, output one text token per delta and, when
// the answer is spoken, one audio token per audio delta; programmed counts override the totals.
import type { FakeBehaviour } from './types';

/** The Realtime API's `response.usage`. */
export interface RealtimeUsage {
  total_tokens: number;
  input_tokens: number;
  output_tokens: number;
  input_token_details: { text_tokens: number; audio_tokens: number; cached_tokens: number };
  output_token_details: { text_tokens: number; audio_tokens: number };
}

export function realtimeUsage(
  b: FakeBehaviour,
  counted: { inputText: number; inputAudio: number; deltas: number; audio: boolean },
): RealtimeUsage {
  const { inputText, inputAudio, deltas, audio } = counted;
  const input = b.promptTokens ?? inputText + inputAudio;
  const outputAudio = audio ? deltas : 0;
  const output = b.completionTokens ?? deltas + outputAudio;
  return {
    total_tokens: input + output,
    input_tokens: input,
    output_tokens: output,
    input_token_details: {
      text_tokens: Math.max(0, input - inputAudio),
      audio_tokens: Math.min(inputAudio, input),
      cached_tokens: b.cachedTokens ?? 0,
    },
    output_token_details: {
      text_tokens: Math.max(0, output - outputAudio),
      audio_tokens: Math.min(outputAudio, output),
    },
  };
}
