// The answer of Anthropic's Messages API (also Claude's on Bedrock) as programmed: its content
// blocks (thinking, text, tool_use), stop reason and usage, as one Message or as the events of a
// stream: message_start, then per block content_block_start, its deltas and content_block_stop
// (a ping after the first start), then message_delta and message_stop.
import { createHash } from 'node:crypto';
import type { Exchange } from './exchange';
import { argumentPieces, completionPieces, completionText, wordPieces } from './pieces';
import { estimateTokens } from './usage';

type Block =
  | { readonly type: 'thinking'; readonly thinking: string; readonly signature: string; readonly pieces: string[] }
  | { readonly type: 'text'; readonly text: string; readonly pieces: readonly string[] }
  | {
      readonly type: 'tool_use';
      readonly id: string;
      readonly name: string;
      readonly input: unknown;
      readonly pieces: string[];
    };

/** A programmed Anthropic answer. */
export interface AnthropicPlan {
  readonly id: string;
  readonly model: string;
  readonly blocks: readonly Block[];
  readonly stopReason: string;
  readonly stopSequence: string | null;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheRead: number;
  readonly cache5m: number;
  readonly cache1h: number;
  /** Whether usage is reported (`usage: 'none'` leaves it out). */
  readonly withUsage: boolean;
}

/** An event of an Anthropic stream. */
export interface AnthropicEvent {
  readonly type: string;
  readonly [field: string]: unknown;
}

/** The events of a stream, grouped for {@link writeStream}: each content step ends with a delta. */
export interface AnthropicEvents {
  readonly head: AnthropicEvent[];
  readonly contents: AnthropicEvent[][];
  readonly tail: AnthropicEvent[];
}

/** A programmed tool call whose arguments are not a JSON object. */
export class BadToolArguments extends Error {}

/** The input object of a tool call from its JSON `args`. @throws BadToolArguments unless a JSON object. */
export const parseInput = (name: string, args: string): unknown => {
  let input: unknown;
  try {
    input = JSON.parse(args);
  } catch {
    throw new BadToolArguments(`the arguments of tool call '${name}' are not JSON: ${args}`);
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new BadToolArguments(`the arguments of tool call '${name}' are not a JSON object: ${args}`);
  }
  return input;
};

/**
 * The answer programmed for `x`, echoing `model`; `idPrefix` is `msg_` (Anthropic) or
 * `msg_bdrk_` (Bedrock).
 * @throws BadToolArguments when a programmed tool call's arguments are not a JSON object.
 */
export function planAnthropic(x: Exchange, model: string, idPrefix: string): AnthropicPlan {
  const b = x.behaviour;
  const blocks: Block[] = [];
  if (b.reasoning !== undefined) {
    // Stands in for Anthropic's opaque signature; the same thinking always gets the same one.
    const signature = createHash('sha256').update(`fake-upstream thinking: ${b.reasoning}`).digest('base64');
    blocks.push({ type: 'thinking', thinking: b.reasoning, signature, pieces: wordPieces(b.reasoning) });
  }
  const calls = b.toolCalls ?? [];
  if (b.text !== undefined || calls.length === 0) {
    const pieces = completionPieces(b);
    blocks.push({ type: 'text', text: completionText(b, pieces), pieces });
  }
  calls.forEach((call, i) => {
    const args = call.arguments === '' ? '{}' : call.arguments;
    const id = call.id ?? `toolu_fake${x.uid}${i}`;
    blocks.push({ type: 'tool_use', id, name: call.name, input: parseInput(call.name, args), pieces: argumentPieces(args) });
  });
  let output = 0;
  for (const block of blocks) output += block.type === 'thinking' ? block.pieces.length + 1 : block.pieces.length;
  const stopReason = b.finishReason ?? (calls.length > 0 ? 'tool_use' : 'end_turn');
  const stops = x.body.stop_sequences;
  return {
    id: `${idPrefix}fake${x.uid}`,
    model,
    blocks,
    stopReason,
    stopSequence: stopReason === 'stop_sequence' && Array.isArray(stops) && typeof stops[0] === 'string' ? stops[0] : null,
    inputTokens: b.promptTokens ?? estimateAnthropicInput(x.body),
    outputTokens: b.completionTokens ?? Math.max(1, output),
    cacheRead: b.cachedTokens ?? 0,
    cache5m: b.cacheCreationTokens ?? 0,
    cache1h: b.cacheCreation1hTokens ?? 0,
    withUsage: b.usage !== 'none',
  };
}

/** Estimated input tokens of a Messages body (its system prompt and messages). */
export const estimateAnthropicInput = (body: Record<string, unknown>): number =>
  estimateTokens(body.system, body.messages);

const usageOf = (p: AnthropicPlan, outputTokens: number) => ({
  input_tokens: p.inputTokens,
  cache_creation_input_tokens: p.cache5m + p.cache1h,
  cache_read_input_tokens: p.cacheRead,
  cache_creation: { ephemeral_5m_input_tokens: p.cache5m, ephemeral_1h_input_tokens: p.cache1h },
  output_tokens: outputTokens,
  service_tier: 'standard',
});

const wholeBlock = (block: Block): Record<string, unknown> => {
  switch (block.type) {
    case 'thinking':
      return { type: 'thinking', thinking: block.thinking, signature: block.signature };
    case 'text':
      return { type: 'text', text: block.text };
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: block.input };
  }
};

/** The whole Message. */
export function anthropicMessage(p: AnthropicPlan): Record<string, unknown> {
  return {
    id: p.id,
    type: 'message',
    role: 'assistant',
    model: p.model,
    content: p.blocks.map(wholeBlock),
    stop_reason: p.stopReason,
    stop_sequence: p.stopSequence,
    usage: p.withUsage ? usageOf(p, p.outputTokens) : undefined,
  };
}

const startBlock = (block: Block): Record<string, unknown> => {
  switch (block.type) {
    case 'thinking':
      return { type: 'thinking', thinking: '', signature: '' };
    case 'text':
      return { type: 'text', text: '' };
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: {} };
  }
};

/** The deltas of a block, in order. */
function deltasOf(block: Block): Record<string, unknown>[] {
  switch (block.type) {
    case 'thinking':
      return [
        ...block.pieces.map((thinking) => ({ type: 'thinking_delta', thinking })),
        { type: 'signature_delta', signature: block.signature },
      ];
    case 'text':
      return block.pieces.map((text) => ({ type: 'text_delta', text }));
    case 'tool_use':
      // Anthropic opens a tool's input with an empty piece.
      return [
        { type: 'input_json_delta', partial_json: '' },
        ...block.pieces.map((partial_json) => ({ type: 'input_json_delta', partial_json })),
      ];
  }
}

/** The events of the streamed answer; `stopExtra` adds fields to message_stop (Bedrock's metrics). */
export function anthropicEvents(p: AnthropicPlan, stopExtra?: Record<string, unknown>): AnthropicEvents {
  const start = {
    ...anthropicMessage(p),
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: p.withUsage ? usageOf(p, 1) : undefined,
  };
  let pending: AnthropicEvent[] = [{ type: 'message_start', message: start }];
  let head: AnthropicEvent[] | undefined;
  let pingAt = 0;
  const contents: AnthropicEvent[][] = [];
  p.blocks.forEach((block, index) => {
    pending.push({ type: 'content_block_start', index, content_block: startBlock(block) });
    if (index === 0) {
      pending.push({ type: 'ping' });
      pingAt = pending.length;
    }
    for (const delta of deltasOf(block)) {
      pending.push({ type: 'content_block_delta', index, delta });
      if (head === undefined) {
        head = pending.slice(0, -1);
        contents.push(pending.slice(-1));
      } else {
        contents.push(pending);
      }
      pending = [];
    }
    pending.push({ type: 'content_block_stop', index });
  });
  const usage = p.withUsage
    ? {
        input_tokens: p.inputTokens,
        cache_creation_input_tokens: p.cache5m + p.cache1h,
        cache_read_input_tokens: p.cacheRead,
        output_tokens: p.outputTokens,
      }
    : undefined;
  pending.push({ type: 'message_delta', delta: { stop_reason: p.stopReason, stop_sequence: p.stopSequence }, usage });
  pending.push(stopExtra === undefined ? { type: 'message_stop' } : { type: 'message_stop', ...stopExtra });
  if (head === undefined) return { head: pending.slice(0, pingAt), contents, tail: pending.slice(pingAt) };
  return { head, contents, tail: pending };
}
