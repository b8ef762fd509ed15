import type { Part } from '../../protocols/gemini/wire';
import type { ChatMessage, ChatRequest, ContentPart, FunctionTool } from '../../protocols/openai/wire';
import { article } from '../../protocols/validate';
import {
  functionCallingConfig,
  functionCallPart,
  functionDeclaration,
  functionResponsePart,
  inlinePart,
  systemInstructionOf,
  thinkingOfEffort,
  Turns,
  urlPart,
} from '../to-gemini';
import type { TranslatedRequest, TranslationContext } from '../types';
import { parseArguments, parseDataUrl, untranslatable } from '../vocabulary';

/**
 * An OpenAI chat completion request as a Gemini generateContent request: system and developer
 * messages as the system instruction, user and assistant messages as `user` and `model` turns
 * (images, audio and files inline from data URLs or by URL), `tool_calls` as function calls and
 * `tool` messages as function responses (named after the call they answer), tools and tool
 * choice, and the generation settings: limits, sampling, stop, `n`, seed, penalties, JSON output
 * and reasoning effort.
 */

function textOfPart(part: ContentPart): string {
  return String(part['text'] ?? '');
}

/** The text of a system, developer or tool message. */
function plainText(content: ChatMessage['content'], where: string): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  return content
    .map((part, index) => {
      if (part.type !== 'text') throw untranslatable(`${where}.${index}: only text parts may be in this message`, `${where}.${index}`);
      return textOfPart(part);
    })
    .join('\n');
}

const AUDIO_TYPES: Readonly<Record<string, string>> = { wav: 'audio/wav', mp3: 'audio/mp3', flac: 'audio/flac', ogg: 'audio/ogg', aac: 'audio/aac' };

function imagePart(part: ContentPart, where: string): Part {
  const url = (part['image_url'] as { url?: unknown } | undefined)?.url;
  if (typeof url !== 'string' || url === '') throw untranslatable(`${where}: image_url.url is required`, where);
  const data = parseDataUrl(url);
  return data ? inlinePart(data.mediaType, data.data) : urlPart(url, where);
}

function audioPart(part: ContentPart, where: string): Part {
  const audio = part['input_audio'] as { data?: unknown; format?: unknown } | undefined;
  const type = typeof audio?.format === 'string' ? AUDIO_TYPES[audio.format] : undefined;
  if (typeof audio?.data !== 'string' || !type) throw untranslatable(`${where}: input_audio needs base64 data and a format (wav, mp3, flac, ogg, aac)`, where);
  return inlinePart(type, audio.data);
}

function filePart(part: ContentPart, where: string): Part {
  const file = part['file'] as { file_data?: unknown } | undefined;
  const data = typeof file?.file_data === 'string' ? parseDataUrl(file.file_data) : undefined;
  if (!data) throw untranslatable(`${where}: only files sent as base64 data can reach a Gemini channel`, where);
  return inlinePart(data.mediaType, data.data);
}

/** A user or assistant message's content as Gemini parts. */
function partsOf(content: ChatMessage['content'], where: string): Part[] {
  if (content === null || content === undefined) return [];
  if (typeof content === 'string') return content === '' ? [] : [{ text: content }];
  return content.map((part, index) => {
    const at = `${where}.${index}`;
    switch (part.type) {
      case 'text':
        return { text: textOfPart(part) };
      case 'image_url':
        return imagePart(part, at);
      case 'input_audio':
        return audioPart(part, at);
      case 'file':
        return filePart(part, at);
      case 'refusal':
        return { text: String(part['refusal'] ?? '') };
      default:
        throw untranslatable(`${at}: ${article(part.type)} part cannot be sent to a Gemini channel`, at);
    }
  });
}

function conversation(messages: readonly ChatMessage[]): { system: string[]; turns: Turns } {
  const system: string[] = [];
  const turns = new Turns();
  /** The function each tool call id named, for the responses that answer it. */
  const callNames = new Map<string, string>();
  messages.forEach((message, index) => {
    const where = `messages.${index}`;
    switch (message.role) {
      case 'system':
      case 'developer':
        system.push(plainText(message.content, `${where}.content`));
        return;
      case 'user':
        turns.add('user', partsOf(message.content, `${where}.content`));
        return;
      case 'assistant': {
        const parts = partsOf(message.content, `${where}.content`);
        (message.tool_calls ?? []).forEach((call, position) => {
          const at = `${where}.tool_calls.${position}`;
          callNames.set(call.id, call.function.name);
          parts.push(functionCallPart(call.function.name, parseArguments(call.function.arguments, at)));
        });
        turns.add('model', parts);
        return;
      }
      case 'tool': {
        const id = message.tool_call_id;
        if (typeof id !== 'string') throw untranslatable(`${where}: a tool message needs tool_call_id`, `${where}.tool_call_id`);
        const name = callNames.get(id);
        if (name === undefined) {
          throw untranslatable(`${where}.tool_call_id: no earlier assistant message made the tool call ${JSON.stringify(id)}`, `${where}.tool_call_id`);
        }
        turns.add('user', [functionResponsePart(name, plainText(message.content, `${where}.content`))]);
        return;
      }
      case 'function': {
        if (typeof message.name !== 'string') throw untranslatable(`${where}: a function message needs name`, `${where}.name`);
        turns.add('user', [functionResponsePart(message.name, plainText(message.content, `${where}.content`))]);
        return;
      }
      default:
        throw untranslatable(`${where}: unknown role ${JSON.stringify(message.role)}`, `${where}.role`);
    }
  });
  return { system, turns };
}

function declarationOf(tool: FunctionTool, index: number): Record<string, unknown> {
  if (tool.type !== 'function' || !tool.function) {
    throw untranslatable(`tools.${index}: only function tools can be offered to a Gemini channel`, `tools.${index}`);
  }
  return functionDeclaration(tool.function.name, tool.function.description, tool.function.parameters);
}

function toolConfigOf(choice: ChatRequest['tool_choice']): Record<string, unknown> | undefined {
  if (choice === 'auto') return { functionCallingConfig: functionCallingConfig('auto') };
  if (choice === 'required') return { functionCallingConfig: functionCallingConfig('any') };
  if (choice === 'none') return { functionCallingConfig: functionCallingConfig('none') };
  if (typeof choice === 'object' && choice !== null && choice.function) return { functionCallingConfig: functionCallingConfig({ name: choice.function.name }) };
  return undefined;
}

function stopSequences(stop: ChatRequest['stop']): string[] | undefined {
  if (stop === null || stop === undefined) return undefined;
  const list = (Array.isArray(stop) ? stop : [stop]).filter((value) => value !== '');
  return list.length > 0 ? list : undefined;
}

/** `response_format` as Gemini's JSON output settings. */
function jsonOutput(request: Record<string, unknown>, config: Record<string, unknown>): void {
  const format = request['response_format'] as { type?: unknown; json_schema?: { schema?: unknown } } | null | undefined;
  if (format === null || format === undefined || format.type === 'text') return;
  if (format.type === 'json_object') {
    config['responseMimeType'] = 'application/json';
    return;
  }
  if (format.type === 'json_schema') {
    const schema = format.json_schema?.schema;
    if (typeof schema !== 'object' || schema === null) throw untranslatable('response_format.json_schema.schema: a JSON schema is required', 'response_format');
    config['responseMimeType'] = 'application/json';
    config['responseJsonSchema'] = schema;
    return;
  }
  throw untranslatable(`response_format: ${JSON.stringify(format.type)} is not text, json_object or json_schema`, 'response_format.type');
}

function numberOf(request: Record<string, unknown>, field: string): number | undefined {
  const value = request[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The `generationConfig` of a chat request; undefined when it sets nothing. */
function generationConfigOf(request: ChatRequest, model: string): Record<string, unknown> | undefined {
  const loose = request as Record<string, unknown>;
  const config: Record<string, unknown> = {};
  const maxTokens = request.max_completion_tokens ?? request.max_tokens;
  if (typeof maxTokens === 'number') config['maxOutputTokens'] = maxTokens;
  if (typeof request.temperature === 'number') config['temperature'] = request.temperature;
  if (typeof request.top_p === 'number') config['topP'] = request.top_p;
  const stop = stopSequences(request.stop);
  if (stop) config['stopSequences'] = stop;
  if (typeof request.n === 'number' && request.n > 1) config['candidateCount'] = request.n;
  const seed = numberOf(loose, 'seed');
  if (seed !== undefined) config['seed'] = Math.trunc(seed);
  const presence = numberOf(loose, 'presence_penalty');
  if (presence !== undefined) config['presencePenalty'] = presence;
  const frequency = numberOf(loose, 'frequency_penalty');
  if (frequency !== undefined) config['frequencyPenalty'] = frequency;
  jsonOutput(loose, config);
  // `modalities` with "image" (the gateways' convention for image-generating chat models) asks
  // Gemini for images beside the text; they come back in the message's `images`.
  const modalities = loose['modalities'];
  if (Array.isArray(modalities) && modalities.includes('image')) config['responseModalities'] = ['TEXT', 'IMAGE'];
  if (typeof request.reasoning_effort === 'string' && request.reasoning_effort !== '') {
    config['thinkingConfig'] = thinkingOfEffort(request.reasoning_effort, model);
  }
  return Object.keys(config).length > 0 ? config : undefined;
}

export function openAIToGeminiRequest(context: TranslationContext): TranslatedRequest {
  const request = context.request.payload as ChatRequest;
  const { system, turns } = conversation(request.messages);
  const contents = turns.signed();
  if (contents.length === 0) throw untranslatable('messages: a Gemini channel needs at least one user or assistant message with content', 'messages');

  const json: Record<string, unknown> = { contents };
  const instruction = systemInstructionOf(system);
  if (instruction) json['systemInstruction'] = instruction;
  if (request.tools && request.tools.length > 0) {
    json['tools'] = [{ functionDeclarations: request.tools.map(declarationOf) }];
    const toolConfig = toolConfigOf(request.tool_choice);
    if (toolConfig) json['toolConfig'] = toolConfig;
  }
  const config = generationConfigOf(request, context.upstreamModel);
  if (config) json['generationConfig'] = config;
  return { json, stream: request.stream === true };
}
