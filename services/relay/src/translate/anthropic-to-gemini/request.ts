import type { ContentBlock, Message, MessagesRequest, Tool, ToolChoice } from '../../protocols/anthropic/wire';
import type { Part, ThinkingConfig } from '../../protocols/gemini/wire';
import { article } from '../../protocols/validate';
import {
  functionCallingConfig,
  functionCallPart,
  functionDeclaration,
  functionResponsePart,
  inlinePart,
  systemInstructionOf,
  takesThinkingLevel,
  Turns,
  urlPart,
} from '../to-gemini';
import type { TranslatedRequest, TranslationContext } from '../types';
import { untranslatable } from '../vocabulary';

/**
 * A Messages request as a Gemini generateContent request: the system prompt (and `system` turns)
 * as the system instruction, user and assistant messages as `user` and `model` turns (images and
 * documents inline or by URL), tool_use blocks as function calls and tool_result blocks as
 * function responses named after the call they answer, tools and tool choice, `max_tokens`, stop
 * sequences, sampling and thinking (a budget, with thought summaries returned). Thinking blocks
 * of earlier turns stay behind: their signatures are Claude's, not Gemini's.
 */

function systemTexts(system: MessagesRequest['system']): string[] {
  if (system === undefined) return [];
  return typeof system === 'string' ? [system] : system.map((block) => block.text);
}

/** An image or document block as a Gemini part. */
function mediaPart(block: ContentBlock, where: string): Part {
  const source = (block['source'] ?? {}) as Record<string, unknown>;
  switch (source['type']) {
    case 'base64':
      return inlinePart(String(source['media_type']), String(source['data']));
    case 'url':
      return urlPart(String(source['url']), where, block.type === 'document' ? 'application/pdf' : undefined);
    case 'text':
      if (block.type === 'document') return { text: String(source['data']) };
      break;
    default:
      break;
  }
  throw untranslatable(`${where}: ${article(block.type)} block with ${article(String(source['type']))} source cannot be sent to a Gemini channel`, where);
}

/** A tool result as a function response (its text), followed by the images it holds. */
function toolResultParts(block: ContentBlock, name: string, where: string): Part[] {
  const content = block['content'];
  const texts: string[] = [];
  const media: Part[] = [];
  if (typeof content === 'string') texts.push(content);
  else if (Array.isArray(content)) {
    (content as ContentBlock[]).forEach((part, index) => {
      const at = `${where}.content.${index}`;
      if (part.type === 'text') texts.push(String(part['text']));
      else if (part.type === 'image' || part.type === 'document') media.push(mediaPart(part, at));
      else throw untranslatable(`${at}: ${article(part.type)} block in a tool result cannot be sent to a Gemini channel`, at);
    });
  }
  return [functionResponsePart(name, texts.join('\n'), block['is_error'] === true), ...media];
}

interface Conversation {
  system: string[];
  turns: Turns;
}

function addMessage(message: Message, index: number, conversation: Conversation, callNames: Map<string, string>): void {
  const where = `messages.${index}`;
  const { turns } = conversation;
  if (message.role === 'system') {
    const blocks = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    blocks.forEach((block, position) => {
      if (block.type !== 'text') {
        throw untranslatable(`${where}.content.${position}: ${article(block.type)} block in a system turn cannot be sent to a Gemini channel`, where);
      }
      conversation.system.push(String(block['text']));
    });
    return;
  }
  if (message.role !== 'user' && message.role !== 'assistant') {
    throw untranslatable(`${where}: unknown role ${JSON.stringify(message.role)}`, `${where}.role`);
  }
  const role = message.role === 'user' ? 'user' : 'model';
  if (typeof message.content === 'string') {
    turns.add(role, message.content === '' ? [] : [{ text: message.content }]);
    return;
  }
  const parts: Part[] = [];
  message.content.forEach((block, position) => {
    const at = `${where}.content.${position}`;
    switch (block.type) {
      case 'text':
        if (block['text'] !== '') parts.push({ text: String(block['text']) });
        return;
      case 'image':
      case 'document':
        parts.push(mediaPart(block, at));
        return;
      case 'tool_use': {
        const input = block['input'];
        const args = typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
        callNames.set(String(block['id']), String(block['name']));
        parts.push(functionCallPart(String(block['name']), args));
        return;
      }
      case 'tool_result': {
        const id = String(block['tool_use_id']);
        const name = callNames.get(id);
        if (name === undefined) throw untranslatable(`${at}.tool_use_id: no earlier tool_use block has the id ${JSON.stringify(id)}`, `${at}.tool_use_id`);
        parts.push(...toolResultParts(block, name, at));
        return;
      }
      case 'thinking':
      case 'redacted_thinking':
        return;
      default:
        throw untranslatable(`${at}: ${article(block.type)} block cannot be sent to a Gemini channel`, at);
    }
  });
  turns.add(role, parts);
}

function declarationOf(tool: Tool, index: number): Record<string, unknown> {
  if (tool.type && tool.type !== 'custom') {
    throw untranslatable(`tools.${index}: the server tool ${tool.type} cannot run on a Gemini channel`, `tools.${index}`);
  }
  return functionDeclaration(tool.name, tool.description, tool.input_schema);
}

function toolConfigOf(choice: ToolChoice): Record<string, unknown> {
  switch (choice.type) {
    case 'any':
      return { functionCallingConfig: functionCallingConfig('any') };
    case 'none':
      return { functionCallingConfig: functionCallingConfig('none') };
    case 'tool':
      return { functionCallingConfig: functionCallingConfig({ name: choice.name ?? '' }) };
    default:
      return { functionCallingConfig: functionCallingConfig('auto') };
  }
}

/** Claude's effort words as Gemini 3's thinking levels. */
const EFFORT_LEVELS: Readonly<Record<string, string>> = { low: 'low', medium: 'medium', high: 'high', xhigh: 'high', max: 'high' };

/**
 * Thinking: a budget asks for that many thinking tokens; adaptive thinking lets Gemini decide
 * (a dynamic budget, or the stated effort as a level on Gemini 3); both return thought summaries.
 * Disabled (or absent) leaves the model's default.
 */
function thinkingOf(request: MessagesRequest, model: string): ThinkingConfig | undefined {
  const thinking = request.thinking;
  if (thinking?.type === 'enabled') return { thinkingBudget: thinking.budget_tokens ?? -1, includeThoughts: true };
  if (thinking?.type === 'adaptive') {
    const level = EFFORT_LEVELS[request.output_config?.effort ?? ''];
    return level && takesThinkingLevel(model) ? { thinkingLevel: level, includeThoughts: true } : { thinkingBudget: -1, includeThoughts: true };
  }
  return undefined;
}

/** The contents, system instruction and tools of a Messages (or count_tokens) request. */
export function geminiPrompt(request: Pick<MessagesRequest, 'messages' | 'system' | 'tools' | 'tool_choice'>): Record<string, unknown> {
  const conversation: Conversation = { system: systemTexts(request.system), turns: new Turns() };
  const callNames = new Map<string, string>();
  request.messages.forEach((message, index) => addMessage(message, index, conversation, callNames));
  const contents = conversation.turns.signed();
  if (contents.length === 0) throw untranslatable('messages: a Gemini channel needs at least one message with content', 'messages');

  const json: Record<string, unknown> = { contents };
  const instruction = systemInstructionOf(conversation.system);
  if (instruction) json['systemInstruction'] = instruction;
  if (request.tools && request.tools.length > 0) {
    json['tools'] = [{ functionDeclarations: request.tools.map(declarationOf) }];
    if (request.tool_choice) json['toolConfig'] = toolConfigOf(request.tool_choice);
  }
  return json;
}

export function anthropicToGeminiRequest(context: TranslationContext): TranslatedRequest {
  const request = context.request.payload as MessagesRequest;
  const json = geminiPrompt(request);
  const config: Record<string, unknown> = {};
  if (request.max_tokens !== undefined) config['maxOutputTokens'] = request.max_tokens;
  if (request.temperature !== undefined) config['temperature'] = request.temperature;
  if (request.top_p !== undefined) config['topP'] = request.top_p;
  if (request.top_k !== undefined) config['topK'] = request.top_k;
  if (request.stop_sequences !== undefined && request.stop_sequences.length > 0) config['stopSequences'] = request.stop_sequences;
  const thinking = thinkingOf(request, context.upstreamModel);
  if (thinking) config['thinkingConfig'] = thinking;
  if (Object.keys(config).length > 0) json['generationConfig'] = config;
  return { json, stream: request.stream === true };
}
