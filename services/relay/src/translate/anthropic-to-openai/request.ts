import { article } from '../../protocols/validate';
import { isReasoningModel } from '../../providers/openai/reasoning-models';
import type { ContentBlock, Message, MessagesRequest, Tool, ToolChoice } from '../../protocols/anthropic/wire';
import type { TranslationContext, TranslatedRequest } from '../types';
import { effortOfBudget, untranslatable } from '../vocabulary';

/**
 * A Messages request as an OpenAI chat completion request: the system prompt as a system message,
 * each message's blocks as OpenAI content parts, tool calls and their results as `tool_calls` and
 * `tool` messages, tools as functions, sampling and stop settings, thinking as a reasoning effort
 * (for reasoning models), `metadata.user_id` as `user`.
 */

type Part = Record<string, unknown>;
type ChatMessage = Record<string, unknown>;

function systemText(system: MessagesRequest['system']): string | undefined {
  if (system === undefined) return undefined;
  const text = typeof system === 'string' ? system : system.map((block) => block.text).join('\n');
  return text === '' ? undefined : text;
}

/** An image or document block as an OpenAI content part. */
function mediaPart(block: ContentBlock, where: string): Part {
  const source = block['source'] as Record<string, unknown>;
  const sourceType = source['type'];
  if (block.type === 'image') {
    if (sourceType === 'base64') {
      return { type: 'image_url', image_url: { url: `data:${String(source['media_type'])};base64,${String(source['data'])}` } };
    }
    if (sourceType === 'url') return { type: 'image_url', image_url: { url: String(source['url']) } };
  }
  if (block.type === 'document') {
    if (sourceType === 'text') return { type: 'text', text: String(source['data']) };
    if (sourceType === 'base64') {
      const title = typeof block['title'] === 'string' ? block['title'] : 'document.pdf';
      return { type: 'file', file: { filename: title, file_data: `data:${String(source['media_type'])};base64,${String(source['data'])}` } };
    }
  }
  throw untranslatable(`${where}: ${article(block.type)} block with ${article(String(sourceType))} source cannot be sent to this model's channel`, where);
}

/** The text of a tool result's content; images in it go to a user message after the tool messages. */
function toolResultContent(block: ContentBlock, where: string, images: Part[]): string {
  const content = block['content'];
  const texts: string[] = [];
  if (typeof content === 'string') texts.push(content);
  else if (Array.isArray(content)) {
    (content as ContentBlock[]).forEach((part, index) => {
      if (part.type === 'text') texts.push(String(part['text']));
      else if (part.type === 'image') images.push(mediaPart(part, `${where}.content.${index}`));
      else throw untranslatable(`${where}.content.${index}: ${article(part.type)} block in a tool result cannot be sent to this model's channel`, where);
    });
  }
  const text = texts.join('\n');
  return block['is_error'] === true && text !== '' ? `Error: ${text}` : text;
}

/** A user message: its tool results as `tool` messages first (OpenAI wants them right after the call), then the rest. */
function userMessages(message: Message, index: number): ChatMessage[] {
  if (typeof message.content === 'string') return [{ role: 'user', content: message.content }];
  const tools: ChatMessage[] = [];
  const parts: Part[] = [];
  const toolImages: Part[] = [];
  message.content.forEach((block, position) => {
    const where = `messages.${index}.content.${position}`;
    switch (block.type) {
      case 'text':
        parts.push({ type: 'text', text: block['text'] });
        return;
      case 'image':
      case 'document':
        parts.push(mediaPart(block, where));
        return;
      case 'tool_result':
        tools.push({ role: 'tool', tool_call_id: block['tool_use_id'], content: toolResultContent(block, where, toolImages) });
        return;
      default:
        throw untranslatable(`${where}: ${article(block.type)} block cannot be sent to this model's channel`, where);
    }
  });
  const rest = [...toolImages, ...parts];
  if (rest.length === 0) return tools;
  const onlyText = rest.every((part) => part['type'] === 'text');
  const content = onlyText ? rest.map((part) => part['text']).join('\n') : rest;
  return [...tools, { role: 'user', content }];
}

/** An assistant message: its text, and its tool calls as `tool_calls` (thinking stays behind). */
function assistantMessage(message: Message, index: number): ChatMessage {
  if (typeof message.content === 'string') return { role: 'assistant', content: message.content };
  const texts: string[] = [];
  const calls: Part[] = [];
  message.content.forEach((block, position) => {
    const where = `messages.${index}.content.${position}`;
    if (block.type === 'text') texts.push(String(block['text']));
    else if (block.type === 'tool_use') {
      calls.push({ id: block['id'], type: 'function', function: { name: block['name'], arguments: JSON.stringify(block['input'] ?? {}) } });
    } else if (block.type !== 'thinking' && block.type !== 'redacted_thinking') {
      throw untranslatable(`${where}: ${article(block.type)} block cannot be sent to this model's channel`, where);
    }
  });
  const out: ChatMessage = { role: 'assistant', content: texts.length > 0 ? texts.join('') : null };
  if (calls.length > 0) out['tool_calls'] = calls;
  return out;
}

/** A `system` turn in the middle of the conversation (Claude Code's per-turn instructions). */
function systemMessage(message: Message, index: number): ChatMessage {
  if (typeof message.content === 'string') return { role: 'system', content: message.content };
  const texts = message.content.map((block, position) => {
    if (block.type !== 'text') {
      const where = `messages.${index}.content.${position}`;
      throw untranslatable(`${where}: ${article(block.type)} block in a system turn cannot be sent to this model's channel`, where);
    }
    return String(block['text']);
  });
  return { role: 'system', content: texts.join('\n') };
}

function functionTool(tool: Tool, index: number): Part {
  if (tool.type && tool.type !== 'custom') {
    throw untranslatable(`tools.${index}: the server tool ${tool.type} cannot run on this model's channel`, `tools.${index}`);
  }
  const fn: Part = { name: tool.name, parameters: tool.input_schema ?? { type: 'object', properties: {} } };
  if (tool.description !== undefined) fn['description'] = tool.description;
  return { type: 'function', function: fn };
}

function toolChoice(choice: ToolChoice): unknown {
  switch (choice.type) {
    case 'any':
      return 'required';
    case 'none':
      return 'none';
    case 'tool':
      return { type: 'function', function: { name: choice.name ?? '' } };
    default:
      return 'auto';
  }
}

/** Claude's `output_config.effort` words that OpenAI's reasoning effort has no word for. */
const EFFORTS: Readonly<Record<string, string>> = { low: 'low', medium: 'medium', high: 'high', xhigh: 'high', max: 'high' };

/**
 * The reasoning effort a Messages request asks for: its `output_config.effort`, else its thinking
 * budget relative to `max_tokens` (adaptive thinking without an effort is medium); none when
 * thinking is off.
 */
function reasoningEffortOf(request: MessagesRequest): string | undefined {
  const thinking = request.thinking;
  if (thinking?.type === 'disabled') return undefined;
  const stated = request.output_config?.effort;
  if (stated && EFFORTS[stated]) return EFFORTS[stated];
  if (thinking?.type === 'enabled') return effortOfBudget(thinking.budget_tokens ?? 0, request.max_tokens);
  if (thinking?.type === 'adaptive') return 'medium';
  return undefined;
}

export function anthropicToOpenAIRequest(context: TranslationContext): TranslatedRequest {
  const request = context.request.payload as MessagesRequest;
  const messages: ChatMessage[] = [];
  const system = systemText(request.system);
  if (system !== undefined) messages.push({ role: 'system', content: system });
  request.messages.forEach((message, index) => {
    if (message.role === 'user') messages.push(...userMessages(message, index));
    else if (message.role === 'assistant') messages.push(assistantMessage(message, index));
    else if (message.role === 'system') messages.push(systemMessage(message, index));
    else throw untranslatable(`messages.${index}: unknown role ${JSON.stringify(message.role)}`, `messages.${index}.role`);
  });

  const json: Record<string, unknown> = { model: context.upstreamModel, messages };
  if (request.max_tokens !== undefined) json['max_tokens'] = request.max_tokens;
  if (request.temperature !== undefined) json['temperature'] = request.temperature;
  if (request.top_p !== undefined) json['top_p'] = request.top_p;
  if (request.stop_sequences !== undefined && request.stop_sequences.length > 0) json['stop'] = request.stop_sequences;
  if (request.tools !== undefined && request.tools.length > 0) {
    json['tools'] = request.tools.map(functionTool);
    if (request.tool_choice) {
      json['tool_choice'] = toolChoice(request.tool_choice);
      if (request.tool_choice.disable_parallel_tool_use === true) json['parallel_tool_calls'] = false;
    }
  }
  const effort = reasoningEffortOf(request);
  if (effort && isReasoningModel(context.upstreamModel)) json['reasoning_effort'] = effort;
  const user = request.metadata?.user_id;
  if (typeof user === 'string' && user !== '') json['user'] = user;
  const stream = request.stream === true;
  if (stream) json['stream'] = true;
  return { json, stream };
}
