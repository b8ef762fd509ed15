// What one Responses API answer contains, decided once for the whole and the streamed answer:
// a reasoning item (programmed `reasoning`; its summary only when the request asks for one), a
// message with the output text (programmed, else a sample of the requested JSON schema, else the
// default text), function calls (programmed `toolCalls`), the status (`incomplete` when
// `max_output_tokens` is reached or the finish reason says so) and the usage.
import type { Exchange } from './exchange';
import { sampleOf } from './json-schema-sample';
import { argumentPieces, completionPieces, completionText, wordPieces } from './pieces';
import { estimateTokens } from './usage';

/** The Responses API's usage object. */
export interface ResponseUsage {
  input_tokens: number;
  input_tokens_details: { cached_tokens: number };
  output_tokens: number;
  output_tokens_details: { reasoning_tokens: number };
  total_tokens: number;
}

export interface PlannedReasoning {
  readonly id: string;
  readonly pieces: readonly string[];
  readonly text: string;
  /** Whether the request asked for a summary (`reasoning.summary`), so the item carries it. */
  readonly summarised: boolean;
}

export interface PlannedMessage {
  readonly id: string;
  readonly pieces: readonly string[];
  readonly text: string;
}

export interface PlannedCall {
  readonly id: string;
  readonly callId: string;
  readonly name: string;
  readonly args: string;
  readonly pieces: readonly string[];
}

/** Everything an answer of the Responses API carries. */
export interface ResponsePlan {
  readonly id: string;
  readonly reasoning: PlannedReasoning | undefined;
  readonly message: PlannedMessage | undefined;
  readonly calls: readonly PlannedCall[];
  readonly status: 'completed' | 'incomplete';
  readonly incompleteReason: 'max_output_tokens' | 'content_filter' | undefined;
  readonly usage: ResponseUsage | undefined;
}

type Json = Record<string, unknown>;

/** The text the requested output format calls for when none is programmed. */
function formatText(body: Json): string | undefined {
  const format = (body.text as { format?: Json } | undefined)?.format;
  if (format?.type === 'json_schema') return JSON.stringify(sampleOf(format.schema));
  if (format?.type === 'json_object') return JSON.stringify({ message: 'Hello from the fake upstream.' });
  return undefined;
}

/** Plans the answer to the Responses request of `x`; `context` is the stored conversation before it. */
export function planResponse(x: Exchange, context: readonly unknown[]): ResponsePlan {
  const b = x.behaviour;
  const body = x.body;
  const text = b.text ?? formatText(body);
  const textBehaviour = text === undefined ? b : { ...b, text };
  let calls: PlannedCall[] = (b.toolCalls ?? []).map((call, i) => ({
    id: `fc_${x.uid}_${i}`,
    callId: call.id ?? `call_${x.uid}_${i}`,
    name: call.name,
    args: call.arguments,
    pieces: argumentPieces(call.arguments),
  }));
  const hasText = text !== undefined || calls.length === 0;
  let pieces = hasText ? completionPieces(textBehaviour) : [];
  const thoughts = b.reasoning === undefined ? [] : wordPieces(b.reasoning);
  const summary = (body.reasoning as { summary?: unknown } | undefined)?.summary;

  let incompleteReason: ResponsePlan['incompleteReason'];
  const max = body.max_output_tokens;
  let estimate = thoughts.length + pieces.length;
  for (const call of calls) estimate += Math.max(1, call.pieces.length);
  if (typeof max === 'number' && max >= 0 && estimate > max) {
    incompleteReason = 'max_output_tokens';
    pieces = pieces.slice(0, Math.max(0, max - thoughts.length));
    calls = [];
    estimate = Math.min(max, thoughts.length) + pieces.length;
  } else if (b.finishReason === 'length') incompleteReason = 'max_output_tokens';
  else if (b.finishReason === 'content_filter') incompleteReason = 'content_filter';
  const truncated = incompleteReason === 'max_output_tokens' && pieces.length < completionPieces(textBehaviour).length;

  let usage: ResponseUsage | undefined;
  if (b.usage !== 'none') {
    const input = b.promptTokens ?? estimateTokens(context, body.instructions, body.input);
    const output = b.completionTokens ?? estimate;
    usage = {
      input_tokens: input,
      input_tokens_details: { cached_tokens: b.cachedTokens ?? 0 },
      output_tokens: output,
      output_tokens_details: { reasoning_tokens: Math.min(thoughts.length, output) },
      total_tokens: input + output,
    };
  }
  return {
    id: `resp_${x.uid}`,
    reasoning:
      b.reasoning === undefined
        ? undefined
        : {
            id: `rs_${x.uid}`,
            pieces: thoughts,
            text: b.reasoning,
            summarised: typeof summary === 'string' && summary !== 'none',
          },
    message:
      hasText && (pieces.length > 0 || !truncated)
        ? { id: `msg_${x.uid}`, pieces, text: truncated ? pieces.join('') : completionText(textBehaviour, pieces) }
        : undefined,
    calls,
    status: incompleteReason === undefined ? 'completed' : 'incomplete',
    incompleteReason,
    usage,
  };
}

/** The reasoning output item (its summary only when asked). */
export const reasoningItem = (r: PlannedReasoning): Json => ({
  id: r.id,
  type: 'reasoning',
  summary: r.summarised ? [{ type: 'summary_text', text: r.text }] : [],
});

/** An `output_text` content part. */
export const outputTextPart = (text: string): Json => ({ type: 'output_text', text, annotations: [], logprobs: [] });

/** The message output item. */
export const messageItem = (m: PlannedMessage, status: string): Json => ({
  id: m.id,
  type: 'message',
  status,
  role: 'assistant',
  content: [outputTextPart(m.text)],
});

/** A function call output item. */
export const functionCallItem = (c: PlannedCall, status: string): Json => ({
  id: c.id,
  type: 'function_call',
  status,
  arguments: c.args,
  call_id: c.callId,
  name: c.name,
});

/** Every output item of the finished answer, in order. */
export function outputItems(plan: ResponsePlan): Json[] {
  const items: Json[] = [];
  const itemStatus = plan.status === 'completed' ? 'completed' : 'incomplete';
  if (plan.reasoning !== undefined) items.push(reasoningItem(plan.reasoning));
  if (plan.message !== undefined) items.push(messageItem(plan.message, itemStatus));
  for (const call of plan.calls) items.push(functionCallItem(call, 'completed'));
  return items;
}

/** The Response object of `x` in a given state. */
export function responseObject(
  x: Exchange,
  plan: ResponsePlan,
  state: { status: string; output: Json[]; usage: ResponseUsage | null | undefined; error?: Json | null },
): Json {
  const body = x.body;
  const reasoning = body.reasoning as { effort?: unknown; summary?: unknown } | undefined;
  return {
    id: plan.id,
    object: 'response',
    created_at: x.created,
    status: state.status,
    background: body.background === true,
    error: state.error ?? null,
    incomplete_details:
      state.status === 'incomplete' && plan.incompleteReason !== undefined ? { reason: plan.incompleteReason } : null,
    instructions: body.instructions ?? null,
    max_output_tokens: body.max_output_tokens ?? null,
    model: x.model,
    output: state.output,
    parallel_tool_calls: body.parallel_tool_calls ?? true,
    previous_response_id: body.previous_response_id ?? null,
    reasoning: { effort: reasoning?.effort ?? null, summary: reasoning?.summary ?? null },
    store: body.store !== false,
    temperature: body.temperature ?? 1,
    text: body.text ?? { format: { type: 'text' } },
    tool_choice: body.tool_choice ?? 'auto',
    tools: body.tools ?? [],
    top_p: body.top_p ?? 1,
    truncation: body.truncation ?? 'disabled',
    usage: state.usage ?? null,
    user: body.user ?? null,
    metadata: body.metadata ?? {},
  };
}
