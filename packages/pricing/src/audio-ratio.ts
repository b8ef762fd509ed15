/**
 * Audio pricing of the GPT-4o audio and Realtime models (reference §3.4). These ratios are
 * hard-coded rules, not options: an audio input token costs `AudioRatio` text input tokens, an
 * audio output token `AudioRatio × AudioCompletionRatio`.
 */

/** Audio output tokens cost twice the audio input tokens for every model (reference §3.4). */
export const AUDIO_COMPLETION_RATIO = 2;

/**
 * The audio-input ratio of a model (reference §3.4): Realtime models 8 for
 * `gpt-4o-realtime-preview-2024-12-17` ($40 audio vs $5 text per 1M), 10/0.6 for the mini ones,
 * otherwise 20; audio-preview models 16 for `gpt-4o-audio-preview-2024-12-17`, 10/0.15 for the
 * mini ones, otherwise 40; anything else 20.
 */
export function audioRatio(model: string): number {
  if (model.includes('-realtime')) {
    if (model.endsWith('gpt-4o-realtime-preview-2024-12-17')) return 8;
    return model.includes('mini') ? 10 / 0.6 : 20;
  }
  if (model.includes('-audio')) {
    if (model.endsWith('gpt-4o-audio-preview-2024-12-17')) return 16;
    return model.includes('mini') ? 10 / 0.15 : 40;
  }
  return 20;
}

/**
 * Whether chat completions of `model` settle with the audio formula instead of the text one.
 * The reference selects names starting `gpt-4o-audio` only, which leaves
 * `gpt-4o-mini-audio-preview` on the text formula — charging its audio tokens as text although
 * its own audio ratio (10/0.15) exists for them; we include the mini models.
 */
export function usesAudioFormula(model: string): boolean {
  return model.startsWith('gpt-4o-audio') || model.startsWith('gpt-4o-mini-audio');
}
