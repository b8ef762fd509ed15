import type { Content, GenerateContentRequest, Part } from '../../protocols/gemini/wire';
import { untranslatable } from '../vocabulary';

/**
 * A Gemini conversation read once for the translators to other protocols: each turn's parts as
 * neutral items, function calls given ids and each function response matched to its call.
 * Gemini names a call's answer by the function's name (ids are optional), where OpenAI and
 * Anthropic pair them by id: a call without an id gets one from its place in the conversation
 * (the same on every request that replays it), and a response without one answers the earliest
 * unanswered call of its name.
 */

/** Bytes (base64) or a URL, with their media type. */
export interface Media {
  readonly mimeType: string;
  readonly data?: string;
  readonly url?: string;
  /** Where the part is in the request (`contents.0.parts.1`), for errors. */
  readonly where: string;
}

export type Item =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'thought'; readonly text: string; readonly signature?: string }
  | { readonly kind: 'media'; readonly media: Media }
  | {
      readonly kind: 'call';
      readonly id: string;
      readonly name: string;
      readonly args: Record<string, unknown>;
      /** The part's `thoughtSignature`: opaque, what the answer that made the call attached to it. */
      readonly signature?: string;
    }
  | { readonly kind: 'result'; readonly id: string; readonly name: string; readonly response: Record<string, unknown>; readonly where: string };

export interface Turn {
  readonly role: 'user' | 'assistant';
  readonly items: Item[];
}

/** The id a call without one is given: its place in the conversation. */
export function callIdAt(turn: number, part: number): string {
  return `call_${turn}_${part}`;
}

/** `http:` and `https:` URLs, which another vendor can fetch; not `gs://` or a Files API name. */
function isWebUrl(uri: string): boolean {
  return /^https?:\/\//i.test(uri);
}

/** A file uploaded to Gemini's Files API: only Google's API can read it, with the uploader's key. */
const FILES_API = /^https:\/\/generativelanguage\.googleapis\.com\/[^/]+\/files\//i;

function mediaOf(part: Part, where: string): Media {
  if (part.inlineData) {
    return { mimeType: part.inlineData.mimeType ?? 'application/octet-stream', data: part.inlineData.data, where };
  }
  const file = part.fileData!;
  if (FILES_API.test(file.fileUri)) {
    throw untranslatable(`${where}.fileData: a file of Gemini's Files API can only be read by a Gemini model`, `${where}.fileData.fileUri`);
  }
  if (!isWebUrl(file.fileUri)) {
    throw untranslatable(`${where}.fileData: only http(s) file URIs can be sent to this model's channel`, `${where}.fileData.fileUri`);
  }
  // Gemini wants the media type of a file; an image is the only kind other vendors fetch by URL.
  return { mimeType: file.mimeType ?? 'image/*', url: file.fileUri, where };
}

/** Unanswered calls, by function name, in order. */
class PendingCalls {
  private readonly byName = new Map<string, string[]>();
  private readonly ids = new Set<string>();

  add(name: string, id: string): void {
    const list = this.byName.get(name) ?? [];
    list.push(id);
    this.byName.set(name, list);
    this.ids.add(id);
  }

  /** The id the response answers: its own when it names a pending call, else the earliest call of its name. */
  answer(name: string, id: string | undefined, where: string): string {
    const list = this.byName.get(name) ?? [];
    const chosen = id !== undefined && this.ids.has(id) ? id : list[0];
    if (chosen === undefined) {
      throw untranslatable(`${where}.functionResponse: no functionCall of ${JSON.stringify(name)} before it to answer`, `${where}.functionResponse.name`);
    }
    const position = list.indexOf(chosen);
    if (position >= 0) list.splice(position, 1);
    this.ids.delete(chosen);
    return chosen;
  }
}

function roleOf(content: Content, where: string): Turn['role'] {
  switch (content.role) {
    case undefined:
    case '':
    case 'user':
    // The API's older spelling of a turn of function responses.
    case 'function':
      return 'user';
    case 'model':
      return 'assistant';
    default:
      throw untranslatable(`${where}.role: unknown role ${JSON.stringify(content.role)} (user or model)`, `${where}.role`);
  }
}

function itemsOf(part: Part, where: string, turn: number, index: number, pending: PendingCalls): Item | undefined {
  if (part.functionCall) {
    const call = part.functionCall;
    const id = call.id ?? callIdAt(turn, index);
    pending.add(call.name, id);
    return { kind: 'call', id, name: call.name, args: call.args ?? {}, ...(part.thoughtSignature ? { signature: part.thoughtSignature } : {}) };
  }
  if (part.functionResponse) {
    const response = part.functionResponse;
    if (response.parts !== undefined && response.parts.length > 0) {
      throw untranslatable(`${where}.functionResponse.parts: a function response with media cannot be sent to this model's channel`, `${where}.functionResponse.parts`);
    }
    const id = pending.answer(response.name, response.id, where);
    return { kind: 'result', id, name: response.name, response: response.response ?? {}, where };
  }
  if (part.inlineData || part.fileData) return { kind: 'media', media: mediaOf(part, where) };
  if (part.executableCode || part.codeExecutionResult) {
    throw untranslatable(`${where}: code execution parts cannot be sent to this model's channel`, where);
  }
  if (typeof part.text === 'string') {
    if (part.thought === true) return { kind: 'thought', text: part.text, ...(part.thoughtSignature ? { signature: part.thoughtSignature } : {}) };
    return part.text === '' ? undefined : { kind: 'text', text: part.text };
  }
  // A part with only a thought signature, or only video metadata, carries nothing to send.
  return undefined;
}

/**
 * The turns of a request's `contents`, consecutive contents of one role as one turn (a chat kept
 * by Google's SDKs holds a streamed answer as one model content per chunk).
 */
export function turnsOf(contents: readonly Content[]): Turn[] {
  const pending = new PendingCalls();
  const turns: Turn[] = [];
  contents.forEach((content, turn) => {
    const where = `contents.${turn}`;
    const role = roleOf(content, where);
    let current = turns[turns.length - 1];
    if (current?.role !== role) {
      current = { role, items: [] };
      turns.push(current);
    }
    for (const [index, part] of (content.parts ?? []).entries()) {
      const item = itemsOf(part, `${where}.parts.${index}`, turn, index, pending);
      if (item) current.items.push(item);
    }
  });
  return turns;
}

/** The text of the system instruction, undefined when it has none. */
export function systemTextOf(request: GenerateContentRequest): string | undefined {
  const parts = request.systemInstruction?.parts ?? [];
  const texts: string[] = [];
  parts.forEach((part, index) => {
    if (typeof part.text === 'string') texts.push(part.text);
    else throw untranslatable(`systemInstruction.parts.${index}: only text can be in the system instruction`, `systemInstruction.parts.${index}`);
  });
  const text = texts.join('\n');
  return text === '' ? undefined : text;
}

/** A function response as the text of a tool result: its JSON. */
export function resultText(response: Record<string, unknown>): string {
  return JSON.stringify(response);
}

/** A response that only reports an error (`{error: …}`), as Gemini's function-calling guide writes them. */
export function isErrorResult(response: Record<string, unknown>): boolean {
  const keys = Object.keys(response);
  return keys.length === 1 && keys[0] === 'error';
}
