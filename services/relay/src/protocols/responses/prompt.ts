import { createTextTokenCounter, type TextTokenCounter } from '../../metering/token-counter';
import { HIGH_DETAIL_IMAGE_TOKENS, LOW_DETAIL_IMAGE_TOKENS } from '../openai/prompt-tokens';
import type { ContentPart, InputItem, ResponseCompactRequest, ResponseCreateRequest } from './wire';

/**
 * What a Responses request says to the model, read for the sensitive-word check and the local
 * prompt-token estimate (the reservation, and the fallback when no usage comes back).
 */

type AnyRequest = ResponseCreateRequest | ResponseCompactRequest;

/** Framing of each message (role markers), as for chat. */
const TOKENS_PER_ITEM = 3;
/** A file part, whose length is unknown without reading it. */
export const FILE_PART_TOKENS = 5000;

function partsOf(content: unknown): ContentPart[] {
  return Array.isArray(content) ? (content as ContentPart[]) : [];
}

/** The texts the user wrote: the instructions and the text parts of the input's messages and tool outputs. */
export function responsesPromptTexts(request: AnyRequest): string[] {
  const texts: string[] = [];
  if (typeof request.instructions === 'string' && request.instructions !== '') texts.push(request.instructions);
  const input = request.input;
  if (typeof input === 'string') {
    texts.push(input);
    return texts;
  }
  for (const item of (input ?? []) as InputItem[]) {
    const content = item.type === 'function_call_output' ? item['output'] : item.type === undefined || item.type === 'message' ? item['content'] : undefined;
    if (typeof content === 'string') texts.push(content);
    for (const part of partsOf(content)) {
      if (part.type === 'input_text' && typeof part['text'] === 'string') texts.push(part['text']);
    }
  }
  return texts;
}

function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

function partTokens(part: ContentPart, count: TextTokenCounter): number {
  switch (part.type) {
    case 'input_text':
    case 'output_text':
      return count(part['text']);
    case 'refusal':
      return count(part['refusal']);
    case 'input_image':
      return part['detail'] === 'low' ? LOW_DETAIL_IMAGE_TOKENS : HIGH_DETAIL_IMAGE_TOKENS;
    case 'input_file':
      return FILE_PART_TOKENS;
    default:
      return count(json(part));
  }
}

function contentTokens(content: unknown, count: TextTokenCounter): number {
  if (typeof content === 'string') return count(content);
  return partsOf(content).reduce((total, part) => total + partTokens(part, count), 0);
}

function itemTokens(item: InputItem, count: TextTokenCounter): number {
  switch (item.type) {
    case undefined:
    case 'message':
      return TOKENS_PER_ITEM + contentTokens(item['content'], count);
    case 'function_call':
      return TOKENS_PER_ITEM + count(item['name']) + count(item['arguments']);
    case 'function_call_output':
      return TOKENS_PER_ITEM + contentTokens(item['output'], count);
    case 'reasoning': {
      const summary = Array.isArray(item['summary']) ? (item['summary'] as Array<{ text?: unknown }>) : [];
      return summary.reduce((total, part) => total + count(part.text), 0);
    }
    // An earlier item named by id: its size is the upstream's to know.
    case 'item_reference':
      return 0;
    default:
      return TOKENS_PER_ITEM + count(json(item));
  }
}

/**
 * Prompt tokens of a Responses request counted with the model's tokenizer: instructions, every
 * input item (images and files at fixed costs) and the tools' definitions. Items of an earlier
 * response (`previous_response_id`, `item_reference`) are not known here; the upstream's usage
 * settles them.
 */
export function estimateResponsesPromptTokens(request: AnyRequest): number {
  const count = createTextTokenCounter(request.model);
  let total = typeof request.instructions === 'string' ? count(request.instructions) : 0;
  const input = request.input;
  if (typeof input === 'string') total += TOKENS_PER_ITEM + count(input);
  else for (const item of (input ?? []) as InputItem[]) total += itemTokens(item, count);
  const tools = (request as ResponseCreateRequest).tools;
  if (Array.isArray(tools) && tools.length > 0) total += count(json(tools));
  return total;
}
