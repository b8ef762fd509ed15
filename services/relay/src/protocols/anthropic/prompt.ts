import { createTextTokenCounter, type TextTokenCounter } from '../../metering/token-counter';
import type { ContentBlock, CountTokensRequest, Message, MessagesRequest } from './wire';

/**
 * What a Messages request says to the model, read for the sensitive-word check and the local
 * prompt-token estimate (the reservation, and the fallback when no usage comes back). Counted
 * with the OpenAI tokenizer of the model name, which is close enough to Claude's for both.
 */

/** Framing of each message (role markers), as for chat. */
const TOKENS_PER_MESSAGE = 3;
/**
 * An image, whose size is unknown without decoding it: Anthropic's cost of a 1092×1092 image
 * (width × height / 750), the largest that is not scaled down.
 */
export const IMAGE_BLOCK_TOKENS = 1600;
/** A PDF or other document block, whose length is unknown without reading it. */
export const DOCUMENT_BLOCK_TOKENS = 5000;

type AnyRequest = MessagesRequest | CountTokensRequest;

function textOf(block: ContentBlock): string | undefined {
  return typeof block['text'] === 'string' ? block['text'] : undefined;
}

/** Texts of a message's content, tool results included. */
function contentTexts(content: Message['content'], out: string[]): void {
  if (typeof content === 'string') {
    out.push(content);
    return;
  }
  for (const block of content) {
    const text = textOf(block);
    if (text !== undefined) out.push(text);
    if (block.type === 'tool_result') {
      const inner = block['content'];
      if (typeof inner === 'string') out.push(inner);
      else if (Array.isArray(inner)) for (const part of inner as ContentBlock[]) contentTexts([part], out);
    }
  }
}

/** The texts the user wrote: the system prompt and the text of every message. */
export function anthropicPromptTexts(request: AnyRequest): string[] {
  const texts: string[] = [];
  const system = request.system;
  if (typeof system === 'string') texts.push(system);
  else if (Array.isArray(system)) for (const block of system) texts.push(block.text);
  for (const message of request.messages) contentTexts(message.content, texts);
  return texts;
}

function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

function blockTokens(block: ContentBlock, count: TextTokenCounter): number {
  switch (block.type) {
    case 'text':
      return count(block['text']);
    case 'image':
      return IMAGE_BLOCK_TOKENS;
    case 'document':
      return DOCUMENT_BLOCK_TOKENS;
    case 'tool_use':
      return count(block['name']) + count(json(block['input']));
    case 'tool_result': {
      const inner = block['content'];
      if (typeof inner === 'string') return count(inner);
      let total = 0;
      if (Array.isArray(inner)) for (const part of inner as ContentBlock[]) total += blockTokens(part, count);
      return total;
    }
    case 'thinking':
      return count(block['thinking']);
    default:
      return count(json(block));
  }
}

/** The local estimate of a request's prompt tokens: system, messages, and the tool definitions. */
export function estimateAnthropicPromptTokens(request: AnyRequest): number {
  const count = createTextTokenCounter(request.model);
  let total = 0;
  const system = request.system;
  if (typeof system === 'string') total += count(system);
  else if (Array.isArray(system)) for (const block of system) total += count(block.text);
  for (const message of request.messages) {
    total += TOKENS_PER_MESSAGE;
    if (typeof message.content === 'string') total += count(message.content);
    else for (const block of message.content) total += blockTokens(block, count);
  }
  for (const tool of request.tools ?? []) {
    total += count(tool.name) + count(tool.description) + count(json(tool.input_schema));
  }
  return total;
}
