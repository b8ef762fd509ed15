import type { GenerateContentRequest } from '../../protocols/gemini/wire';
import { isReasoningModel } from '../../providers/openai/reasoning-models';
import {
  callingModeOf,
  type CallingMode,
  effortOfThinking,
  functionsOf,
  offeredFunctions,
  outputFormatOf,
  refuseGoogleOnly,
  thinkingOf,
} from '../gemini-client/generation';
import { type Item, type Media, resultText, systemTextOf, type Turn, turnsOf } from '../gemini-client/turns';
import type { TranslationContext, TranslatedRequest } from '../types';
import { untranslatable } from '../vocabulary';

/**
 * A Gemini generateContent request as an OpenAI chat completion request: the system instruction
 * as a system message, `user` and `model` turns as user and assistant messages (images as
 * `image_url` parts by data URL or URL, PDFs as files, WAV and MP3 as input audio), function
 * calls as `tool_calls` and function responses as `tool` messages right after them, function
 * declarations as function tools (OpenAPI schemas as JSON Schema), the calling mode as
 * `tool_choice`, and the generation config: sampling, limits, stops, candidates as `n`, JSON
 * output as `response_format`, thinking as `reasoning_effort` (for reasoning models), seed and
 * penalties.
 */

type ChatMessage = Record<string, unknown>;
type ContentPart = Record<string, unknown>;

/** OpenAI's `input_audio` formats, by media type. */
const AUDIO_FORMATS: Readonly<Record<string, string>> = { 'audio/wav': 'wav', 'audio/x-wav': 'wav', 'audio/mp3': 'mp3', 'audio/mpeg': 'mp3' };

function mediaPart(media: Media): ContentPart {
  const { mimeType, data, url, where } = media;
  if (mimeType.startsWith('image/')) return { type: 'image_url', image_url: { url: url ?? `data:${mimeType};base64,${data}` } };
  if (data !== undefined && mimeType === 'application/pdf') {
    return { type: 'file', file: { filename: 'document.pdf', file_data: `data:${mimeType};base64,${data}` } };
  }
  const format = AUDIO_FORMATS[mimeType];
  if (data !== undefined && format) return { type: 'input_audio', input_audio: { data, format } };
  const how = url === undefined ? 'inline' : 'by URL';
  throw untranslatable(`${where}: ${mimeType} ${how} cannot be sent to this model's channel`, where);
}

/** A user turn: its function responses as `tool` messages first (OpenAI wants them right after the call), then the rest. */
function userMessages(items: readonly Item[]): ChatMessage[] {
  const tools: ChatMessage[] = [];
  const parts: ContentPart[] = [];
  for (const item of items) {
    if (item.kind === 'result') tools.push({ role: 'tool', tool_call_id: item.id, content: resultText(item.response) });
    else if (item.kind === 'text') parts.push({ type: 'text', text: item.text });
    else if (item.kind === 'media') parts.push(mediaPart(item.media));
    // A user turn has no calls or thoughts; a client that put some there gets them left out.
  }
  if (parts.length === 0) return tools;
  const content = parts.every((part) => part['type'] === 'text') ? parts.map((part) => part['text']).join('\n') : parts;
  return [...tools, { role: 'user', content }];
}

/** A model turn: its text and its calls (thoughts stay behind: OpenAI takes no reasoning back). */
function assistantMessage(items: readonly Item[], where: string): ChatMessage | undefined {
  const texts: string[] = [];
  const calls: ChatMessage[] = [];
  for (const item of items) {
    if (item.kind === 'text') texts.push(item.text);
    else if (item.kind === 'call') calls.push({ id: item.id, type: 'function', function: { name: item.name, arguments: JSON.stringify(item.args) } });
    else if (item.kind === 'media') throw untranslatable(`${item.media.where}: a model turn cannot carry media to this model's channel`, item.media.where);
    else if (item.kind === 'result') throw untranslatable(`${item.where}: a function response belongs in a user turn`, `${where}.role`);
  }
  if (texts.length === 0 && calls.length === 0) return undefined;
  const message: ChatMessage = { role: 'assistant', content: texts.length > 0 ? texts.join('') : null };
  if (calls.length > 0) message['tool_calls'] = calls;
  return message;
}

function messagesOf(request: GenerateContentRequest): ChatMessage[] {
  const messages: ChatMessage[] = [];
  const system = systemTextOf(request);
  if (system !== undefined) messages.push({ role: 'system', content: system });
  turnsOf(request.contents).forEach((turn: Turn, index) => {
    if (turn.role === 'user') messages.push(...userMessages(turn.items));
    else {
      const message = assistantMessage(turn.items, `contents.${index}`);
      if (message) messages.push(message);
    }
  });
  return messages;
}

/** OpenAI's `tool_choice` for a calling mode (the offered functions are already the allowed ones). */
function toolChoiceOf(mode: CallingMode | undefined): unknown {
  if (!mode) return undefined;
  if (mode.mode === 'none') return 'none';
  if (mode.mode === 'any') return mode.names?.length === 1 ? { type: 'function', function: { name: mode.names[0] } } : 'required';
  return 'auto';
}

export function geminiToOpenAIRequest(context: TranslationContext): TranslatedRequest {
  const request = context.request.payload as GenerateContentRequest;
  refuseGoogleOnly(request);
  const config = request.generationConfig ?? {};
  const stream = context.request.summary.stream;
  const json: Record<string, unknown> = { model: context.upstreamModel, messages: messagesOf(request) };

  const mode = callingModeOf(request);
  const functions = offeredFunctions(functionsOf(request), mode);
  if (functions.length > 0) {
    json['tools'] = functions.map(({ name, description, parameters }) => ({
      type: 'function',
      function: { name, ...(description === undefined ? {} : { description }), parameters },
    }));
    const choice = toolChoiceOf(mode);
    if (choice !== undefined) json['tool_choice'] = choice;
  }

  if (config.maxOutputTokens !== undefined) json['max_tokens'] = config.maxOutputTokens;
  if (config.temperature !== undefined) json['temperature'] = config.temperature;
  if (config.topP !== undefined) json['top_p'] = config.topP;
  if (config.stopSequences !== undefined && config.stopSequences.length > 0) json['stop'] = config.stopSequences;
  if (config.candidateCount !== undefined && config.candidateCount > 1) {
    if (stream) throw untranslatable('generationConfig.candidateCount: a streamed answer through this channel has one candidate', 'generationConfig.candidateCount');
    json['n'] = config.candidateCount;
  }
  if (config.seed !== undefined) json['seed'] = config.seed;
  if (config.presencePenalty !== undefined) json['presence_penalty'] = config.presencePenalty;
  if (config.frequencyPenalty !== undefined) json['frequency_penalty'] = config.frequencyPenalty;

  const format = outputFormatOf(request);
  if (format.kind === 'json') {
    json['response_format'] =
      format.schema === undefined ? { type: 'json_object' } : { type: 'json_schema', json_schema: { name: 'response', schema: format.schema } };
  }
  const effort = effortOfThinking(thinkingOf(config.thinkingConfig));
  if (effort && isReasoningModel(context.upstreamModel)) json['reasoning_effort'] = effort;
  if (stream) json['stream'] = true;
  return { json, stream };
}
