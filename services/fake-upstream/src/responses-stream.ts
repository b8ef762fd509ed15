// The Responses API's stream: named SSE events, each with its `sequence_number`:
// response.created, response.in_progress, then per output item its `output_item.added`, its
// deltas (reasoning summary text, output text or function call arguments) and their `done`
// events, `output_item.done`, and last `response.completed` (or `response.incomplete`). Each
// delta is one content chunk of the stream (delays, cuts and mid-stream errors count them); a
// mid-stream error is an `error` event followed by `response.failed`.
import { apiKeyOf } from './credentials';
import { providerError, streamErrorKind } from './errors';
import type { Exchange } from './exchange';
import {
  functionCallItem,
  messageItem,
  outputTextPart,
  reasoningItem,
  responseObject,
  type ResponsePlan,
} from './response-output';
import { SSE_HEADERS, sseEvent } from './sse';
import type { StreamPlan } from './stream-writer';

type Json = Record<string, unknown>;

interface Event {
  readonly type: string;
  readonly data: Json;
  /** Whether this is a delta (a content chunk). */
  readonly delta: boolean;
}

/** The events of the answer `plan`, in order (without sequence numbers). */
function eventsOf(x: Exchange, plan: ResponsePlan, final: Json): Event[] {
  const events: Event[] = [];
  const add = (type: string, data: Json, delta = false): void => void events.push({ type, data, delta });
  const pending = responseObject(x, plan, { status: 'in_progress', output: [], usage: null });
  add('response.created', { response: pending });
  add('response.in_progress', { response: pending });
  let index = 0;
  const r = plan.reasoning;
  if (r !== undefined) {
    const output_index = index++;
    const item_id = r.id;
    add('response.output_item.added', { output_index, item: { ...reasoningItem(r), summary: [] } });
    if (r.summarised) {
      const part = { type: 'summary_text', text: r.text };
      add('response.reasoning_summary_part.added', { item_id, output_index, summary_index: 0, part: { ...part, text: '' } });
      for (const delta of r.pieces) {
        add('response.reasoning_summary_text.delta', { item_id, output_index, summary_index: 0, delta }, true);
      }
      add('response.reasoning_summary_text.done', { item_id, output_index, summary_index: 0, text: r.text });
      add('response.reasoning_summary_part.done', { item_id, output_index, summary_index: 0, part });
    }
    add('response.output_item.done', { output_index, item: reasoningItem(r) });
  }
  const m = plan.message;
  if (m !== undefined) {
    const output_index = index++;
    const item_id = m.id;
    const status = plan.status === 'completed' ? 'completed' : 'incomplete';
    add('response.output_item.added', { output_index, item: { ...messageItem(m, 'in_progress'), content: [] } });
    add('response.content_part.added', { item_id, output_index, content_index: 0, part: outputTextPart('') });
    for (const delta of m.pieces) {
      add('response.output_text.delta', { item_id, output_index, content_index: 0, delta, logprobs: [] }, true);
    }
    add('response.output_text.done', { item_id, output_index, content_index: 0, text: m.text, logprobs: [] });
    add('response.content_part.done', { item_id, output_index, content_index: 0, part: outputTextPart(m.text) });
    add('response.output_item.done', { output_index, item: messageItem(m, status) });
  }
  for (const call of plan.calls) {
    const output_index = index++;
    const item_id = call.id;
    add('response.output_item.added', { output_index, item: { ...functionCallItem(call, 'in_progress'), arguments: '' } });
    for (const delta of call.pieces) add('response.function_call_arguments.delta', { item_id, output_index, delta }, true);
    add('response.function_call_arguments.done', { item_id, output_index, name: call.name, arguments: call.args });
    add('response.output_item.done', { output_index, item: functionCallItem(call, 'completed') });
  }
  add(plan.status === 'completed' ? 'response.completed' : 'response.incomplete', { response: final });
  return events;
}

const frame = (e: Event, seq: number): string =>
  sseEvent(e.type, JSON.stringify({ type: e.type, sequence_number: seq, ...e.data }));

/** The stream of `plan`, whose finished Response object is `final`. */
export function responseStream(x: Exchange, plan: ResponsePlan, final: Json): StreamPlan {
  const events = eventsOf(x, plan, final);
  const head: string[] = [];
  const contents: string[] = [];
  /** Sequence number of the last event of each content frame. */
  const lastSeq: number[] = [];
  let pending = '';
  events.forEach((e, seq) => {
    if (!e.delta) {
      pending += frame(e, seq);
      return;
    }
    // Everything before the first delta goes out with the headers.
    if (contents.length === 0) head.push(pending);
    contents.push(contents.length === 0 ? frame(e, seq) : pending + frame(e, seq));
    lastSeq.push(seq);
    pending = '';
  });
  if (contents.length === 0) {
    return { headers: SSE_HEADERS, contents, tail: [pending] };
  }
  const error = (): string => {
    const sent = Math.min(x.behaviour.streamErrorAfter ?? 0, contents.length);
    let seq = sent === 0 ? events.findIndex((e) => e.delta) : lastSeq[sent - 1]! + 1;
    const kind = streamErrorKind(x.behaviour) ?? 'server_error';
    const { body } = providerError(kind, x.model, apiKeyOf(x.req.headers), undefined, x.behaviour.errorMessage);
    const failure = { code: body.error.code ?? body.error.type, message: body.error.message };
    const failed = responseObject(x, plan, { status: 'failed', output: [], usage: null, error: failure });
    return (
      sseEvent('error', JSON.stringify({ type: 'error', sequence_number: seq++, ...failure, param: body.error.param })) +
      sseEvent('response.failed', JSON.stringify({ type: 'response.failed', sequence_number: seq, response: failed }))
    );
  };
  return { headers: SSE_HEADERS, head, contents, tail: [pending], error };
}
