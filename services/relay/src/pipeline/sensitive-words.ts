import { ValidationError } from '@modelgate/runtime';
import type { ParsedRelayRequest } from './parse-request';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The user-written texts of a value: a string, the strings of an array, the text parts of content. */
function textsOf(value: unknown, out: string[]): void {
  if (typeof value === 'string') {
    out.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item === 'string') out.push(item);
      else if (isRecord(item) && typeof item['text'] === 'string') out.push(item['text']);
    }
  }
}

/** The prompt texts of a request: message contents, `prompt`, `input`, rerank query and documents. */
function promptTexts(json: Readonly<Record<string, unknown>>): string[] {
  const texts: string[] = [];
  const messages = json['messages'];
  if (Array.isArray(messages)) {
    for (const message of messages) if (isRecord(message)) textsOf(message['content'], texts);
  }
  textsOf(json['prompt'], texts);
  textsOf(json['input'], texts);
  textsOf(json['query'], texts);
  textsOf(json['documents'], texts);
  return texts;
}

/**
 * Refuses a prompt that contains one of the sensitive words (the spec's `SensitiveWords`, matched
 * case-insensitively) with 400 `sensitive_words_detected`, before anything is reserved or sent.
 * Multipart uploads (audio) carry no prompt text and are not checked.
 */
export function checkSensitiveWords(request: ParsedRelayRequest, words: readonly string[]): void {
  if (words.length === 0 || !request.json) return;
  for (const text of promptTexts(request.json)) {
    const lower = text.toLowerCase();
    const found = words.find((word) => lower.includes(word));
    if (found !== undefined) {
      throw new ValidationError(`sensitive words detected: ${found}`, { code: 'sensitive_words_detected' });
    }
  }
}
