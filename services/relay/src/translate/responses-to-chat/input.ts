import type {
  ContentPart,
  FunctionCallItem,
  FunctionCallOutputItem,
  InputFile,
  InputImage,
  InputItem,
  MessageItem,
} from '../../protocols/responses/wire';
import { article } from '../../protocols/validate';
import { parseDataUrl, untranslatable } from '../vocabulary';
import { BUILT_IN_TOOLS_REFUSAL } from './tools';

/**
 * A Responses request's `input` as chat messages: a string as one user message; message items by
 * role (developer as system, which every chat vendor accepts) with their parts as chat content
 * parts; consecutive `function_call` items as one assistant message's `tool_calls` (the call id as
 * the tool call's id); each `function_call_output` as a `tool` message, with images or files it
 * returned in a user message right after the tool messages. Reasoning items are dropped: a chat
 * channel takes no reasoning back. Item references and other items (built-in tools' calls, custom
 * tools, compaction) are refused: nothing is stored upstream and this channel cannot run them.
 */

type Part = Record<string, unknown>;
export type ChatMessage = Record<string, unknown>;

/** Item types that record a built-in tool's work on OpenAI's side. */
const BUILT_IN_ITEM = /^(?:web_search|file_search|computer|code_interpreter|image_generation|local_shell|shell|apply_patch|mcp|tool_search)_/;

function imagePart(part: InputImage, where: string): Part {
  if (typeof part.image_url !== 'string' || part.image_url === '') {
    throw untranslatable(
      `${where}: an image given by file_id cannot reach this model's channel, which has no file storage; send it as image_url (a URL or a data URL)`,
      where,
    );
  }
  return { type: 'image_url', image_url: part.detail ? { url: part.image_url, detail: part.detail } : { url: part.image_url } };
}

function filePart(part: InputFile, where: string): Part {
  if (typeof part.file_data !== 'string' || !parseDataUrl(part.file_data)) {
    throw untranslatable(
      `${where}: only a file sent inline as a base64 data URL in file_data can reach this model's channel (file_id and file_url need OpenAI's file storage)`,
      where,
    );
  }
  const file: Part = { file_data: part.file_data };
  if (typeof part.filename === 'string') file['filename'] = part.filename;
  return { type: 'file', file };
}

/** A content part of a message item as a chat content part. */
function partOf(part: ContentPart, where: string): Part {
  switch (part.type) {
    case 'input_text':
    case 'output_text':
      return { type: 'text', text: String(part['text']) };
    case 'refusal':
      return { type: 'text', text: String(part['refusal']) };
    case 'input_image':
      return imagePart(part as InputImage, where);
    case 'input_file':
      return filePart(part as InputFile, where);
    case 'input_audio':
      return { type: 'input_audio', input_audio: part['input_audio'] };
    default:
      throw untranslatable(`${where}: ${article(part.type)} part cannot be sent to this model's channel`, where);
  }
}

function partsOf(content: string | ContentPart[], where: string): string | Part[] {
  return typeof content === 'string' ? content : content.map((part, index) => partOf(part, `${where}.${index}`));
}

/** The text of a message that carries text only (system, developer, assistant). */
function textOf(content: string | ContentPart[], where: string, role: string): string {
  if (typeof content === 'string') return content;
  return content
    .map((part, index) => {
      const chat = partOf(part, `${where}.${index}`);
      if (chat['type'] !== 'text') throw untranslatable(`${where}.${index}: only text may be in ${article(role)} message`, `${where}.${index}`);
      return String(chat['text']);
    })
    .join(role === 'assistant' ? '' : '\n');
}

class Conversation {
  readonly messages: ChatMessage[] = [];
  /** Images and files of the tool outputs just read, sent as a user message after them. */
  private media: Part[] = [];

  message(item: MessageItem, where: string): void {
    const at = `${where}.content`;
    switch (item.role) {
      case 'system':
      case 'developer':
        this.push({ role: 'system', content: textOf(item.content, at, item.role) });
        return;
      case 'assistant':
        this.push({ role: 'assistant', content: textOf(item.content, at, item.role) });
        return;
      default:
        this.push({ role: 'user', content: partsOf(item.content, at) });
    }
  }

  toolCall(item: FunctionCallItem): void {
    this.flushMedia();
    const call = { id: item.call_id, type: 'function', function: { name: item.name, arguments: item.arguments } };
    const last = this.messages[this.messages.length - 1];
    // Parallel calls, and calls after the assistant's own words, make one assistant message.
    if (last?.['role'] === 'assistant') last['tool_calls'] = [...((last['tool_calls'] as unknown[] | undefined) ?? []), call];
    else this.messages.push({ role: 'assistant', content: null, tool_calls: [call] });
  }

  toolResult(item: FunctionCallOutputItem, where: string): void {
    const texts: string[] = [];
    if (typeof item.output === 'string') texts.push(item.output);
    else {
      item.output.forEach((part, index) => {
        const chat = partOf(part, `${where}.output.${index}`);
        if (chat['type'] === 'text') texts.push(String(chat['text']));
        else this.media.push(chat);
      });
    }
    this.messages.push({ role: 'tool', tool_call_id: item.call_id, content: texts.join('\n') });
  }

  finish(): ChatMessage[] {
    this.flushMedia();
    return this.messages;
  }

  private push(message: ChatMessage): void {
    this.flushMedia();
    this.messages.push(message);
  }

  private flushMedia(): void {
    if (this.media.length === 0) return;
    this.messages.push({ role: 'user', content: this.media });
    this.media = [];
  }
}

/** The reason an item other than a message, a function call or its output cannot be sent. */
function refusalOf(type: string, where: string): Error {
  if (type === 'item_reference') {
    return untranslatable(`${where}: item_reference cannot be used with this model: its channel keeps no stored items; send the item itself`, where);
  }
  if (BUILT_IN_ITEM.test(type)) {
    return untranslatable(`${where}: ${article(type)} item cannot be sent to this model: ${BUILT_IN_TOOLS_REFUSAL}`, where);
  }
  return untranslatable(`${where}: ${article(type)} item cannot be sent to this model's channel, which speaks chat completions`, where);
}

/** The chat messages of a Responses `input` (after the system message of `instructions`, if any). */
export function messagesOf(input: string | readonly InputItem[]): ChatMessage[] {
  if (typeof input === 'string') return [{ role: 'user', content: input }];
  const conversation = new Conversation();
  input.forEach((item, index) => {
    const where = `input.${index}`;
    const type = item.type ?? 'message';
    switch (type) {
      case 'message':
        conversation.message(item as MessageItem, where);
        return;
      case 'function_call':
        conversation.toolCall(item as FunctionCallItem);
        return;
      case 'function_call_output':
        conversation.toolResult(item as FunctionCallOutputItem, where);
        return;
      case 'reasoning':
        // A chat channel takes no reasoning back; the conversation goes on without it.
        return;
      default:
        throw refusalOf(type, where);
    }
  });
  return conversation.finish();
}
