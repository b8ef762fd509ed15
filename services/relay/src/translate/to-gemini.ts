import type { Content, FunctionCallingConfig, Part, ThinkingConfig } from '../protocols/gemini/wire';
import { untranslatable } from './vocabulary';

/**
 * The pieces of a Gemini request that the translators from OpenAI and from Anthropic both build:
 * media parts, turns, function declarations and calls, and thinking. Gemini names the two roles of
 * a conversation `user` and `model`; function results travel in user turns.
 */

export type GeminiRole = 'user' | 'model';

/**
 * The signature Google documents for a function call replayed without the one the model gave it
 * (history kept by a client that cannot carry Gemini's signatures): Gemini 3 refuses such a call
 * otherwise, earlier models ignore it.
 */
export const SKIP_SIGNATURE = 'skip_thought_signature_validator';

/** Media types by file extension, for URLs sent as `fileData` (Gemini wants the type of a URL's file). */
const MEDIA_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  heic: 'image/heic',
  heif: 'image/heif',
  pdf: 'application/pdf',
  txt: 'text/plain',
  mp3: 'audio/mp3',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  mp4: 'video/mp4',
  mov: 'video/mov',
  webm: 'video/webm',
};

/** A file of Gemini's own Files API, whose type Gemini knows. */
const FILES_API = /^https:\/\/generativelanguage\.googleapis\.com\/[^/]+\/files\//;

/** The media type a URL's path names by its extension; undefined when it names none we know. */
export function mediaTypeOfUrl(url: string): string | undefined {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return extension ? MEDIA_TYPES[extension] : undefined;
}

/** Bytes sent inline. */
export function inlinePart(mimeType: string, data: string): Part {
  return { inlineData: { mimeType, data } };
}

/**
 * A file by URL (`fileData`): an http(s) or Cloud Storage URL with its media type guessed from
 * its extension, or a Files API URI; a 400 for a URL whose type cannot be told.
 */
export function urlPart(url: string, where: string, mediaType?: string): Part {
  if (FILES_API.test(url)) return { fileData: { fileUri: url, ...(mediaType ? { mimeType: mediaType } : {}) } };
  if (!/^(?:https?|gs):\/\//i.test(url)) throw untranslatable(`${where}: a file must be given as a data URL or an http(s) URL`, where);
  const mimeType = mediaType ?? mediaTypeOfUrl(url);
  if (!mimeType) {
    const known = Object.keys(MEDIA_TYPES).join(', ');
    throw untranslatable(`${where}: the file type of ${url} cannot be told from its name (${known}); send it as a base64 data URL`, where);
  }
  return { fileData: { mimeType, fileUri: url } };
}

/** A function call the model made in an earlier turn, replayed. */
export function functionCallPart(name: string, args: Record<string, unknown>): Part {
  return { functionCall: { name, args } };
}

/** The result of a function call: JSON objects as they are, any other text under `output` (`error` for a failure). */
export function functionResponsePart(name: string, text: string, failed = false): Part {
  if (!failed) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return { functionResponse: { name, response: parsed as Record<string, unknown> } };
    } catch {
      // plain text
    }
  }
  return { functionResponse: { name, response: failed ? { error: text } : { output: text } } };
}

/** A conversation being built: consecutive parts of one role share a turn, as Gemini prefers. */
export class Turns {
  readonly contents: Content[] = [];

  add(role: GeminiRole, parts: readonly Part[]): void {
    if (parts.length === 0) return;
    const last = this.contents[this.contents.length - 1];
    if (last?.role === role) last.parts!.push(...parts);
    else this.contents.push({ role, parts: [...parts] });
  }

  /**
   * The turns, with the first function call of each model turn signed with {@link SKIP_SIGNATURE}
   * (the signature Gemini gave it cannot come back through another protocol).
   */
  signed(): Content[] {
    for (const content of this.contents) {
      if (content.role !== 'model') continue;
      const call = content.parts?.find((part) => part.functionCall !== undefined);
      if (call && call.thoughtSignature === undefined) call.thoughtSignature = SKIP_SIGNATURE;
    }
    return this.contents;
  }
}

/** The system instruction of some texts (empty ones left out); undefined when none is left. */
export function systemInstructionOf(texts: readonly string[]): Content | undefined {
  const parts = texts.filter((text) => text !== '').map((text) => ({ text }));
  return parts.length > 0 ? { parts } : undefined;
}

/** A function declaration with a JSON Schema for its parameters (Gemini's `parametersJsonSchema`). */
export function functionDeclaration(name: string, description: string | undefined, schema: unknown): Record<string, unknown> {
  const declaration: Record<string, unknown> = { name };
  if (description !== undefined && description !== '') declaration['description'] = description;
  if (isEmptySchema(schema)) return declaration;
  declaration['parametersJsonSchema'] = schema;
  return declaration;
}

/** An object schema without properties: a function that takes no parameters. */
function isEmptySchema(schema: unknown): boolean {
  if (schema === undefined || schema === null) return true;
  if (typeof schema !== 'object') return false;
  const record = schema as Record<string, unknown>;
  const properties = record['properties'];
  const noProperties = properties === undefined || (typeof properties === 'object' && properties !== null && Object.keys(properties).length === 0);
  return record['type'] === 'object' && noProperties && Object.keys(record).every((key) => ['type', 'properties', 'additionalProperties', 'required', '$schema'].includes(key));
}

/** `functionCallingConfig` for the client's choice: any tool, none, one tool by name, or the model's call. */
export function functionCallingConfig(choice: 'auto' | 'any' | 'none' | { name: string }): FunctionCallingConfig {
  if (choice === 'auto') return { mode: 'AUTO' };
  if (choice === 'any') return { mode: 'ANY' };
  if (choice === 'none') return { mode: 'NONE' };
  return { mode: 'ANY', allowedFunctionNames: [choice.name] };
}

/** A model of Gemini 3 or later, which takes a thinking level rather than a token budget. */
export function takesThinkingLevel(model: string): boolean {
  const match = /gemini-(\d+)/i.exec(model);
  return match !== null && Number(match[1]) >= 3;
}

/**
 * Token budgets for OpenAI's reasoning efforts on models that take a budget (the bands Google's
 * own OpenAI-compatible endpoint uses; `none` turns thinking off where the model allows it).
 */
const EFFORT_BUDGETS: Readonly<Record<string, number>> = { none: 0, minimal: 512, low: 1024, medium: 8192, high: 24576, xhigh: 24576 };
/** Thinking levels for reasoning efforts on models that take a level (Gemini 3 always thinks a little). */
const EFFORT_LEVELS: Readonly<Record<string, string>> = { none: 'minimal', minimal: 'minimal', low: 'low', medium: 'medium', high: 'high', xhigh: 'high' };

/** The thinking config of a reasoning effort, with thought summaries returned unless thinking is off; a 400 for an unknown effort. */
export function thinkingOfEffort(effort: string, model: string): ThinkingConfig {
  const budget = EFFORT_BUDGETS[effort];
  if (budget === undefined) {
    throw untranslatable(`reasoning_effort: ${JSON.stringify(effort)} is not one of ${Object.keys(EFFORT_BUDGETS).join(', ')}`, 'reasoning_effort');
  }
  if (takesThinkingLevel(model)) return { thinkingLevel: EFFORT_LEVELS[effort]!, includeThoughts: effort !== 'none' };
  return budget === 0 ? { thinkingBudget: 0 } : { thinkingBudget: budget, includeThoughts: true };
}
