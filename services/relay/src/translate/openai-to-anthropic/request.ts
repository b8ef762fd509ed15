import { article } from '../../protocols/validate';
import {
  claudeModelName,
  DEFAULT_CLAUDE_SETTINGS,
  FALLBACK_MAX_TOKENS,
  thinkingBudget,
  THINKING_MIN_MAX_TOKENS,
} from '../../providers/anthropic/claude-request';
import type { ChatMessage, ChatRequest, ContentPart, FunctionTool } from '../../protocols/openai/wire';
import type { TranslationContext, TranslatedRequest } from '../types';
import { effortShare, jsonInstruction, parseArguments, parseDataUrl, untranslatable } from '../vocabulary';

/**
 * An OpenAI chat completion request as an Anthropic Messages request: system and developer
 * messages as the system prompt, content parts as blocks (images by base64 or URL, PDFs as
 * documents), `tool_calls` as tool_use blocks and `tool` messages as tool_result blocks (one user
 * turn for consecutive results), tools and tool choice, stop, sampling, `max_tokens` (the
 * channel's default when absent), `reasoning_effort` as a thinking budget, `user` as
 * `metadata.user_id`.
 */

type Block = Record<string, unknown>;
interface Turn {
  role: 'user' | 'assistant';
  content: Block[];
}

/** The text of a system or developer message. */
function plainText(content: ChatMessage['content'], where: string): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  return content
    .map((part, index) => {
      if (part.type !== 'text') throw untranslatable(`${where}.${index}: only text parts may be in a system message`, where);
      return String(part['text'] ?? '');
    })
    .join('\n');
}

function imageBlock(part: ContentPart, where: string): Block {
  const url = (part['image_url'] as { url?: unknown } | undefined)?.url;
  if (typeof url !== 'string' || url === '') throw untranslatable(`${where}: image_url.url is required`, where);
  const data = parseDataUrl(url);
  if (data) return { type: 'image', source: { type: 'base64', media_type: data.mediaType, data: data.data } };
  return { type: 'image', source: { type: 'url', url } };
}

function fileBlock(part: ContentPart, where: string): Block {
  const file = part['file'] as { file_data?: unknown; filename?: unknown } | undefined;
  const data = typeof file?.file_data === 'string' ? parseDataUrl(file.file_data) : undefined;
  if (!data) throw untranslatable(`${where}: only files sent as base64 data can reach this model's channel`, where);
  const block: Block = { type: 'document', source: { type: 'base64', media_type: data.mediaType, data: data.data } };
  if (typeof file?.filename === 'string') block['title'] = file.filename;
  return block;
}

/** A message's content as Anthropic blocks. */
function blocksOf(content: ChatMessage['content'], where: string): Block[] {
  if (content === null || content === undefined) return [];
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  return content.map((part, index) => {
    const at = `${where}.${index}`;
    switch (part.type) {
      case 'text':
        return { type: 'text', text: String(part['text'] ?? '') };
      case 'image_url':
        return imageBlock(part, at);
      case 'file':
        return fileBlock(part, at);
      case 'refusal':
        return { type: 'text', text: String(part['refusal'] ?? '') };
      default:
        throw untranslatable(`${at}: ${article(part.type)} part cannot be sent to a Claude channel`, at);
    }
  });
}

/** Appends blocks to the conversation, merging them into the last turn when it has the same role. */
function append(turns: Turn[], role: Turn['role'], blocks: Block[]): void {
  if (blocks.length === 0) return;
  const last = turns[turns.length - 1];
  if (last?.role === role) last.content.push(...blocks);
  else turns.push({ role, content: blocks });
}

function conversation(messages: readonly ChatMessage[]): { system: string[]; turns: Turn[] } {
  const system: string[] = [];
  const turns: Turn[] = [];
  messages.forEach((message, index) => {
    const where = `messages.${index}`;
    switch (message.role) {
      case 'system':
      case 'developer':
        system.push(plainText(message.content, `${where}.content`));
        return;
      case 'user':
        append(turns, 'user', blocksOf(message.content, `${where}.content`));
        return;
      case 'assistant': {
        const blocks = blocksOf(message.content, `${where}.content`);
        (message.tool_calls ?? []).forEach((call, position) => {
          const at = `${where}.tool_calls.${position}`;
          blocks.push({ type: 'tool_use', id: call.id, name: call.function.name, input: parseArguments(call.function.arguments, at) });
        });
        // An assistant turn Anthropic would refuse as empty is left out.
        append(turns, 'assistant', blocks);
        return;
      }
      case 'tool':
      case 'function': {
        if (typeof message.tool_call_id !== 'string') throw untranslatable(`${where}: a tool message needs tool_call_id`, `${where}.tool_call_id`);
        const content = blocksOf(message.content, `${where}.content`);
        const result: Block = { type: 'tool_result', tool_use_id: message.tool_call_id };
        if (content.length > 0) result['content'] = content;
        append(turns, 'user', [result]);
        return;
      }
      default:
        throw untranslatable(`${where}: unknown role ${JSON.stringify(message.role)}`, `${where}.role`);
    }
  });
  return { system, turns };
}

function toolOf(tool: FunctionTool, index: number): Block {
  if (tool.type !== 'function' || !tool.function) {
    throw untranslatable(`tools.${index}: only function tools can be offered to a Claude channel`, `tools.${index}`);
  }
  const out: Block = { name: tool.function.name, input_schema: tool.function.parameters ?? { type: 'object', properties: {} } };
  if (tool.function.description !== undefined) out['description'] = tool.function.description;
  return out;
}

function toolChoiceOf(choice: ChatRequest['tool_choice'], parallel: boolean | null | undefined): Block | undefined {
  let out: Block | undefined;
  if (choice === 'required') out = { type: 'any' };
  else if (choice === 'none') out = { type: 'none' };
  else if (choice === 'auto') out = { type: 'auto' };
  else if (typeof choice === 'object' && choice !== null && choice.function) out = { type: 'tool', name: choice.function.name };
  if (parallel === false) out = { ...(out ?? { type: 'auto' }), disable_parallel_tool_use: true };
  return out;
}

/**
 * What `response_format` asks Claude for, as a system instruction (Claude has no JSON mode):
 * `json_object` any JSON value, `json_schema` one matching its schema; `text` nothing.
 */
function jsonFormatInstruction(format: unknown): string | undefined {
  if (typeof format !== 'object' || format === null) return undefined;
  const { type, json_schema: jsonSchema } = format as { type?: unknown; json_schema?: { schema?: unknown } };
  if (type === 'json_object') return jsonInstruction();
  if (type === 'json_schema') return jsonInstruction(jsonSchema?.schema);
  return undefined;
}

function stopSequences(stop: ChatRequest['stop']): string[] | undefined {
  if (stop === null || stop === undefined) return undefined;
  const list = (Array.isArray(stop) ? stop : [stop]).filter((value) => value !== '');
  return list.length > 0 ? list : undefined;
}

export function openAIToAnthropicRequest(context: TranslationContext): TranslatedRequest {
  const request = context.request.payload as ChatRequest;
  if (typeof request.n === 'number' && request.n > 1) throw untranslatable('n: a Claude channel answers with one choice', 'n');
  const { system, turns } = conversation(request.messages);
  const settings = context.settings?.claude ?? DEFAULT_CLAUDE_SETTINGS;
  let maxTokens =
    request.max_completion_tokens ??
    request.max_tokens ??
    settings.defaultMaxTokens(claudeModelName(context.upstreamModel, settings)) ??
    FALLBACK_MAX_TOKENS;

  const json: Record<string, unknown> = { model: context.upstreamModel, messages: turns };
  const systemText = [...system, jsonFormatInstruction(request['response_format']) ?? ''].filter((text) => text !== '').join('\n\n');
  if (systemText !== '') json['system'] = systemText;
  const stop = stopSequences(request.stop);
  if (stop) json['stop_sequences'] = stop;
  if (request.tools && request.tools.length > 0) {
    json['tools'] = request.tools.map(toolOf);
    const choice = toolChoiceOf(request.tool_choice, request.parallel_tool_calls);
    if (choice) json['tool_choice'] = choice;
  }
  const share = request.reasoning_effort ? effortShare(request.reasoning_effort) : undefined;
  if (share !== undefined && share > 0) {
    maxTokens = Math.max(maxTokens, THINKING_MIN_MAX_TOKENS);
    json['thinking'] = { type: 'enabled', budget_tokens: thinkingBudget(maxTokens, share) };
  } else {
    // Anthropic takes temperature between 0 and 1; OpenAI's range goes to 2.
    if (typeof request.temperature === 'number') json['temperature'] = Math.min(1, Math.max(0, request.temperature));
    if (typeof request.top_p === 'number') json['top_p'] = request.top_p;
  }
  json['max_tokens'] = maxTokens;
  if (typeof request.user === 'string' && request.user !== '') json['metadata'] = { user_id: request.user };
  const stream = request.stream === true;
  if (stream) json['stream'] = true;
  return { json, stream };
}
