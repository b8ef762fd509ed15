import type { GenerateContentRequest } from '../../protocols/gemini/wire';
import {
  claudeModelName,
  DEFAULT_CLAUDE_SETTINGS,
  FALLBACK_MAX_TOKENS,
  MIN_THINKING_BUDGET,
  thinkingBudget,
  THINKING_MIN_MAX_TOKENS,
} from '../../providers/anthropic/claude-request';
import type { ClaudeSettings } from '../../providers/types';
import {
  callingModeOf,
  type CallingMode,
  functionsOf,
  offeredFunctions,
  outputFormatOf,
  refuseGoogleOnly,
  type Thinking,
  thinkingOf,
} from '../gemini-client/generation';
import { isErrorResult, type Item, type Media, resultText, systemTextOf, turnsOf } from '../gemini-client/turns';
import type { TranslationContext, TranslatedRequest } from '../types';
import { effortShare, jsonInstruction, untranslatable } from '../vocabulary';
import { unpackThinking } from './signed-thinking';

/**
 * A Gemini generateContent request as an Anthropic Messages request: the system instruction as
 * the system prompt, `user` and `model` turns as user and assistant turns (images and PDFs as
 * base64 or URL sources), function calls as tool_use blocks (after the thinking blocks their
 * `thoughtSignature` carries) and function responses as tool_result blocks, function declarations as
 * tools (OpenAPI schemas as JSON Schema), the calling mode as `tool_choice`, the generation
 * config (sampling with `top_k`, stops, `max_tokens` — the channel's default when absent —, the
 * thinking budget or level as thinking, unless a call is forced). Claude has no JSON mode: JSON output, with its schema,
 * is asked for in the system prompt. Seed and penalties have no Claude equivalent and are not sent.
 */

type Block = Record<string, unknown>;
interface ClaudeTurn {
  role: 'user' | 'assistant';
  content: Block[];
}

/** The image types Claude takes. */
const IMAGE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

function mediaBlock(media: Media): Block {
  const { mimeType, data, url, where } = media;
  const source = url !== undefined ? { type: 'url', url } : { type: 'base64', media_type: mimeType, data };
  if (url !== undefined ? mimeType.startsWith('image/') : IMAGE_TYPES.has(mimeType)) return { type: 'image', source };
  if (mimeType === 'application/pdf') return { type: 'document', source };
  if (mimeType === 'text/plain' && data !== undefined) {
    return { type: 'document', source: { type: 'text', media_type: 'text/plain', data: Buffer.from(data, 'base64').toString('utf8') } };
  }
  const how = url === undefined ? 'inline' : 'by URL';
  throw untranslatable(`${where}: ${mimeType} ${how} cannot be sent to a Claude channel`, where);
}

function blockOf(item: Item, role: ClaudeTurn['role']): Block | undefined {
  switch (item.kind) {
    case 'text':
      return { type: 'text', text: item.text };
    case 'media':
      return mediaBlock(item.media);
    case 'call':
      return role === 'assistant' ? { type: 'tool_use', id: item.id, name: item.name, input: item.args } : undefined;
    case 'result': {
      const block: Block = { type: 'tool_result', tool_use_id: item.id, content: resultText(item.response) };
      if (isErrorResult(item.response)) block['is_error'] = true;
      return role === 'user' ? block : undefined;
    }
    case 'thought':
      // Claude takes its thinking back only as its call's signature carried it (see signed-thinking).
      return undefined;
  }
}

/**
 * A turn's items as Claude blocks. The thinking a model turn's calls carry leads the turn, where
 * Claude wrote it (and where Claude wants it back).
 */
function blocksOf(items: readonly Item[], role: ClaudeTurn['role']): Block[] {
  const thinking: Block[] = [];
  const blocks: Block[] = [];
  for (const item of items) {
    if (item.kind === 'call' && role === 'assistant') thinking.push(...unpackThinking(item.signature));
    const block = blockOf(item, role);
    if (block) blocks.push(block);
  }
  return [...thinking, ...blocks];
}

/** The conversation as Claude turns; consecutive turns of one role merged (Claude wants them alternating). */
function turnsFor(request: GenerateContentRequest): ClaudeTurn[] {
  const turns: ClaudeTurn[] = [];
  for (const turn of turnsOf(request.contents)) {
    const blocks = blocksOf(turn.items, turn.role);
    // Tool results lead their user turn, as Claude requires.
    if (turn.role === 'user') blocks.sort((a, b) => Number(b['type'] === 'tool_result') - Number(a['type'] === 'tool_result'));
    if (blocks.length === 0) continue;
    const last = turns[turns.length - 1];
    if (last?.role === turn.role) last.content.push(...blocks);
    else turns.push({ role: turn.role, content: blocks });
  }
  return turns;
}

function toolChoiceOf(mode: CallingMode | undefined): Block | undefined {
  if (!mode) return undefined;
  if (mode.mode === 'none') return { type: 'none' };
  if (mode.mode === 'any') return mode.names?.length === 1 ? { type: 'tool', name: mode.names[0] } : { type: 'any' };
  return { type: 'auto' };
}

/** The thinking budget a request asks for, given `max_tokens`; undefined for none. */
function budgetOf(thinking: Thinking, maxTokens: number, settings: ClaudeSettings): number | undefined {
  if (thinking.level !== undefined) {
    const share = effortShare(thinking.level === 'minimal' ? 'low' : thinking.level);
    return share ? thinkingBudget(maxTokens, share) : undefined;
  }
  if (thinking.budget === undefined || thinking.budget === 0) return undefined;
  if (thinking.budget === 'dynamic') return thinkingBudget(maxTokens, settings.thinkingBudgetShare);
  return Math.max(MIN_THINKING_BUDGET, thinking.budget);
}

export function geminiToAnthropicRequest(context: TranslationContext): TranslatedRequest {
  const request = context.request.payload as GenerateContentRequest;
  refuseGoogleOnly(request);
  const config = request.generationConfig ?? {};
  if (config.candidateCount !== undefined && config.candidateCount > 1) {
    throw untranslatable('generationConfig.candidateCount: a Claude channel answers with one candidate', 'generationConfig.candidateCount');
  }
  const settings = context.settings?.claude ?? DEFAULT_CLAUDE_SETTINGS;
  let maxTokens = config.maxOutputTokens ?? settings.defaultMaxTokens(claudeModelName(context.upstreamModel, settings)) ?? FALLBACK_MAX_TOKENS;

  const json: Record<string, unknown> = { model: context.upstreamModel, messages: turnsFor(request) };
  const format = outputFormatOf(request);
  const system = [systemTextOf(request), format.kind === 'json' ? jsonInstruction(format.schema) : undefined].filter((text) => text !== undefined);
  if (system.length > 0) json['system'] = system.join('\n\n');

  const mode = callingModeOf(request);
  const functions = offeredFunctions(functionsOf(request), mode);
  if (functions.length > 0) {
    json['tools'] = functions.map(({ name, description, parameters }) => ({
      name,
      ...(description === undefined ? {} : { description }),
      input_schema: parameters,
    }));
    const choice = toolChoiceOf(mode);
    if (choice) json['tool_choice'] = choice;
  }
  if (config.stopSequences !== undefined && config.stopSequences.length > 0) json['stop_sequences'] = config.stopSequences;

  // Claude cannot think when a call is forced: the forced call, the client's firmer demand, wins.
  const forced = json['tool_choice'] !== undefined && ['any', 'tool'].includes(String((json['tool_choice'] as Block)['type']));
  const budget = forced ? undefined : budgetOf(thinkingOf(config.thinkingConfig), maxTokens, settings);
  if (budget !== undefined) {
    // Claude thinks within max_tokens: room is made for the budget and an answer after it.
    maxTokens = Math.max(maxTokens, THINKING_MIN_MAX_TOKENS, budget + 1);
    json['thinking'] = { type: 'enabled', budget_tokens: budget };
    // Claude refuses sampling settings with thinking on.
  } else {
    // Claude takes temperature between 0 and 1; Gemini's range goes to 2.
    if (config.temperature !== undefined) json['temperature'] = Math.min(1, Math.max(0, config.temperature));
    if (config.topP !== undefined) json['top_p'] = config.topP;
    if (config.topK !== undefined) json['top_k'] = config.topK;
  }
  json['max_tokens'] = maxTokens;
  const stream = context.request.summary.stream;
  if (stream) json['stream'] = true;
  return { json, stream };
}
