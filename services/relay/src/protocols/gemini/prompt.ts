import { createTextTokenCounter, type TextTokenCounter } from '../../metering/token-counter';
import type { Content, FunctionDeclaration, Part, Tool } from './wire';

/**
 * What a Gemini request says to the model, read for the sensitive-word check and the local
 * prompt-token estimate (the reservation, and the charge when no usage comes back, as for
 * embeddings, which Gemini reports none for). Texts are counted with the OpenAI tokenizer, close
 * enough to Gemini's for both; media, whose length is unknown without decoding it, at Gemini's
 * published rates for a typical item.
 */

/** Framing of each turn (role markers), as for chat. */
const TOKENS_PER_CONTENT = 3;
/** An image up to 384 pixels a side, or one 768-pixel tile of a larger one (Gemini's rate). */
export const IMAGE_PART_TOKENS = 258;
/** A minute of audio at Gemini's 32 tokens a second. */
export const AUDIO_PART_TOKENS = 1920;
/** A minute of video at Gemini's 263 tokens a second (frames and sound). */
export const VIDEO_PART_TOKENS = 15_780;
/** A document (a PDF, 258 tokens a page) of about ten pages. */
export const DOCUMENT_PART_TOKENS = 2580;

/** The texts and turns one request sends: a generate request, a token count, or embeddings. */
export interface PromptSource {
  readonly contents: readonly Content[];
  readonly systemInstruction?: Content;
  readonly tools?: readonly Tool[];
  /** The contents are texts to embed, not turns: no role framing is counted. */
  readonly embedding?: boolean;
}

function mediaTokens(mimeType: unknown): number {
  const type = typeof mimeType === 'string' ? mimeType.toLowerCase() : '';
  if (type.startsWith('image/')) return IMAGE_PART_TOKENS;
  if (type.startsWith('audio/')) return AUDIO_PART_TOKENS;
  if (type.startsWith('video/')) return VIDEO_PART_TOKENS;
  return DOCUMENT_PART_TOKENS;
}

function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

function partTokens(part: Part, count: TextTokenCounter): number {
  if (typeof part.text === 'string') return count(part.text);
  if (part.inlineData) return mediaTokens(part.inlineData.mimeType);
  if (part.fileData) return mediaTokens(part.fileData.mimeType);
  if (part.functionCall) return count(part.functionCall.name) + count(json(part.functionCall.args ?? {}));
  if (part.functionResponse) return count(part.functionResponse.name) + count(json(part.functionResponse.response ?? {}));
  if (part.executableCode) return count(part.executableCode.code);
  if (part.codeExecutionResult) return count(part.codeExecutionResult.output);
  return 0;
}

function contentTokens(content: Content | undefined, count: TextTokenCounter, framing = TOKENS_PER_CONTENT): number {
  if (!content) return 0;
  let total = framing;
  for (const part of content.parts ?? []) total += partTokens(part, count);
  return total;
}

function declarationTokens(declaration: FunctionDeclaration, count: TextTokenCounter): number {
  return (
    count(declaration.name) +
    count(declaration.description) +
    count(json(declaration.parameters ?? declaration.parametersJsonSchema ?? {}))
  );
}

/**
 * The local estimate of a request's prompt tokens: system instruction, turns (each with its role
 * framing) and function declarations; for embeddings, the texts alone.
 */
export function estimateGeminiPromptTokens(model: string, source: PromptSource): number {
  const count = createTextTokenCounter(model);
  let total = source.systemInstruction ? contentTokens(source.systemInstruction, count) : 0;
  const framing = source.embedding === true ? 0 : TOKENS_PER_CONTENT;
  for (const content of source.contents) total += contentTokens(content, count, framing);
  for (const tool of source.tools ?? []) {
    for (const declaration of tool.functionDeclarations ?? []) total += declarationTokens(declaration, count);
  }
  return total;
}

function contentTexts(content: Content | undefined, out: string[]): void {
  for (const part of content?.parts ?? []) {
    if (typeof part.text === 'string' && part.thought !== true) out.push(part.text);
    const response = part.functionResponse?.response;
    if (response !== undefined) out.push(json(response));
  }
}

/** The texts the user wrote: the system instruction and the text of every turn, function results included. */
export function geminiPromptTexts(source: PromptSource): string[] {
  const texts: string[] = [];
  contentTexts(source.systemInstruction, texts);
  for (const content of source.contents) contentTexts(content, texts);
  return texts;
}
