// Anthropic's Messages API: `POST /v1/messages` (a Message, or its SSE events) and
// `POST /v1/messages/count_tokens`, with Anthropic's header and body checks.
import { anthropicErrorOf, anthropicKindForStatus, anthropicRequestId, sendAnthropicError } from '../anthropic-errors';
import {
  type AnthropicEvent,
  type AnthropicPlan,
  BadToolArguments,
  anthropicEvents,
  anthropicMessage,
  estimateAnthropicInput,
  planAnthropic,
} from '../anthropic-message';
import { apiKeyOf } from '../credentials';
import { streamErrorKind } from '../errors';
import type { Exchange } from '../exchange';
import { sendJson } from '../reply';
import { SSE_HEADERS, sseEvent } from '../sse';
import { writeStream } from '../stream-writer';

const invalid = (x: Exchange, message: string, status = 400, type = 'invalid_request_error'): void =>
  sendAnthropicError(x.res, status, type, message, x.uid);

/** The headers check of every Anthropic path: a key, then `anthropic-version`. Sends the failure. */
export function anthropicHeadersOk(x: Exchange): boolean {
  const key = apiKeyOf(x.req.headers);
  if (key === undefined || key === '') {
    invalid(x, 'x-api-key header is required', 401, 'authentication_error');
    return false;
  }
  if (x.req.headers['anthropic-version'] === undefined) {
    invalid(x, 'anthropic-version: header is required');
    return false;
  }
  return true;
}

/**
 * Anthropic's wording for a body that lacks what the endpoint needs (`max_tokens` only when
 * generating), or `undefined` when the body is complete.
 */
export function messagesBodyProblem(body: Record<string, unknown>, needsMaxTokens: boolean): string | undefined {
  if (typeof body.model !== 'string' || body.model === '') return 'model: Field required';
  if (needsMaxTokens) {
    const max = body.max_tokens;
    if (max === undefined) return 'max_tokens: Field required';
    if (typeof max !== 'number' || !Number.isInteger(max)) return 'max_tokens: Input should be a valid integer';
    if (max < 1) return 'max_tokens: Input should be greater than or equal to 1';
  }
  const { messages } = body;
  if (messages === undefined) return 'messages: Field required';
  if (!Array.isArray(messages)) return 'messages: Input should be a valid list';
  if (messages.length === 0) return 'messages: at least one message is required';
  return undefined;
}

/** The plan of `x`, or `undefined` after answering a misprogrammed tool call. */
export function planOrFail(
  x: Exchange,
  model: string,
  idPrefix: string,
  fail: (message: string) => void,
): AnthropicPlan | undefined {
  try {
    return planAnthropic(x, model, idPrefix);
  } catch (error) {
    if (!(error instanceof BadToolArguments)) throw error;
    fail(`fake-upstream: ${error.message}`);
    return undefined;
  }
}

const frame = (events: readonly AnthropicEvent[]): string => {
  let out = '';
  for (const event of events) out += sseEvent(event.type, JSON.stringify(event));
  return out;
};

/** `POST /v1/messages`. */
export function respondAnthropicMessages(x: Exchange): void {
  if (!anthropicHeadersOk(x)) return;
  const problem = messagesBodyProblem(x.body, true);
  if (problem !== undefined) return invalid(x, problem);
  const plan = planOrFail(x, x.model, 'msg_', (message) => invalid(x, message));
  if (plan === undefined) return;
  x.res.setHeader('request-id', anthropicRequestId(x.uid));
  if (!x.stream) return sendJson(x.res, x.status, anthropicMessage(plan));
  streamAnthropic(x, plan);
}

/** Streams the events of `plan` as Anthropic's SSE (a mid-stream error as `event: error`). */
export function streamAnthropic(x: Exchange, plan: AnthropicPlan): void {
  const { head, contents, tail } = anthropicEvents(plan);
  const b = x.behaviour;
  const error = (): string => {
    const e = anthropicErrorOf(streamErrorKind(b, anthropicKindForStatus) ?? 'overloaded', x.model, b.errorMessage);
    return sseEvent('error', JSON.stringify({ type: 'error', error: { type: e.type, message: e.message } }));
  };
  writeStream(x, {
    headers: SSE_HEADERS,
    head: [frame(head)],
    contents: contents.map(frame),
    tail: [frame(tail)],
    error: b.streamErrorAfter === undefined ? undefined : error,
  });
}

/** `POST /v1/messages/count_tokens`. */
export function respondAnthropicCountTokens(x: Exchange): void {
  if (!anthropicHeadersOk(x)) return;
  const problem = messagesBodyProblem(x.body, false);
  if (problem !== undefined) return invalid(x, problem);
  x.res.setHeader('request-id', anthropicRequestId(x.uid));
  sendJson(x.res, x.status, { input_tokens: x.behaviour.promptTokens ?? estimateAnthropicInput(x.body) });
}
