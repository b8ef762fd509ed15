import { ValidationError } from '@modelgate/runtime';
import type { RequestSummary } from '../protocols/request';

/**
 * Refuses a prompt that contains one of the sensitive words (the spec's `SensitiveWords`, matched
 * case-insensitively) with 400 `sensitive_words_detected`, before anything is reserved or sent.
 * Multipart uploads (audio) carry no prompt text and are not checked.
 */
export function checkSensitiveWords(summary: Pick<RequestSummary, 'promptTexts'>, words: readonly string[]): void {
  if (words.length === 0) return;
  for (const text of summary.promptTexts()) {
    const lower = text.toLowerCase();
    const found = words.find((word) => lower.includes(word));
    if (found !== undefined) {
      throw new ValidationError(`sensitive words detected: ${found}`, { code: 'sensitive_words_detected' });
    }
  }
}
