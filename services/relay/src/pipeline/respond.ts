import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { AppError } from '@modelgate/runtime';
import { countCompletion } from '../metering';
import { codecFor } from '../protocols/codecs';
import { asJsonArrayStream } from '../protocols/gemini/json-array-stream';
import type { RequestSummary } from '../protocols/request';
import { storesResponse } from '../protocols/responses/inbound';
import { responseIdOf } from '../protocols/responses/response-id';
import type { StreamSummary } from '../protocols/stream-events';
import type { UpstreamError } from '../protocols/upstream-error';
import type { ClosingUsageCounter, StreamParser } from '../providers/types';
import { reframeStream } from '../translate/reframe';
import type { SuccessfulAttempt } from './attempts';
import type { ResponseMetering } from './pricing-step';
import { endableWithReason, type StreamBudget } from './stream-budget';
import { EventStreamRelay, observerFor } from './stream-relay';
import { TurnWrites } from './turn-writes';
import { toUpstreamFailure } from './upstream-client';

/** Upstream headers never copied to the client: hop-by-hop ones, framing we set, cookies, our request id. */
const DROPPED_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'proxy-authenticate',
  'proxy-connection',
  'te',
  'trailer',
  'upgrade',
  'set-cookie',
  'date',
  'server',
  // The gateway's own request id (the consume log's key) is set by the listener; never replaced.
  'x-request-id',
]);

const SSE_HEADERS: OutgoingHttpHeaders = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache',
  'X-Accel-Buffering': 'no',
};

/** A stream read as one JSON array (Gemini without `alt=sse`). */
const JSON_ARRAY_STREAM_HEADERS: OutgoingHttpHeaders = {
  'Content-Type': 'application/json; charset=UTF-8',
  'Cache-Control': 'no-cache',
  'X-Accel-Buffering': 'no',
};

/** What a written response left for billing. */
export interface DeliveredResponse {
  readonly metering: ResponseMetering;
  readonly firstResponseAt: number | undefined;
  /** A failure after the answer started (upstream cut, idle timeout, client gone). */
  readonly interruption?: unknown;
  /** Set when a success status came with an error body: nothing was delivered, nothing is charged. */
  readonly error?: UpstreamError;
}

/** Told the id of a response the upstream created and keeps (OpenAI's Responses API), before the client sees it. */
export type ResponseIdListener = (responseId: string) => void;

function passthroughHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  // for…in rather than Object.entries: no array of pairs per response.
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined && !DROPPED_HEADERS.has(name)) out[name] = value;
  }
  return out;
}

function contentTypeOf(headers: IncomingHttpHeaders): string | undefined {
  const type = headers['content-type'];
  return Array.isArray(type) ? type[0] : type;
}

/** Seconds of audio a transcription body reports (`duration` of verbose_json, `usage.seconds`). */
function audioSecondsOf(body: Buffer): number | undefined {
  if (body.length === 0 || body.length > 1024 * 1024 || body[0] !== 0x7b) return undefined;
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { duration?: unknown; usage?: { seconds?: unknown } };
    const seconds = parsed.usage?.seconds ?? parsed.duration;
    return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A Responses call passed to a channel serving the Responses API, without `store: false`: the
 * upstream stores what it answers, so its id is worth recording (Codex's stateless turns are not).
 */
function storesResponses(success: SuccessfulAttempt): boolean {
  const { request } = success.context;
  return request.protocol === 'responses' && success.route.pairing.kind === 'identity' && storesResponse(request);
}

/** The client's answer for a translated body; undefined when the upstream's body is not JSON. */
function translatedBody(success: SuccessfulAttempt, body: Buffer): Buffer | undefined {
  if (success.route.pairing.kind !== 'translate') return body;
  let upstream: unknown;
  try {
    upstream = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  return Buffer.from(JSON.stringify(success.route.pairing.translator.response(upstream, success.context)));
}

/**
 * A non-streaming answer. On the identity path the upstream bytes go to the client as they are
 * (never re-serialised) with the upstream's own headers; a translated answer is rewritten into the
 * client's protocol. Usage (or an error hidden in a success body) is read from the upstream's body.
 */
async function deliverWhole(res: ServerResponse, success: SuccessfulAttempt, onResponseId?: ResponseIdListener): Promise<DeliveredResponse> {
  const { response, route } = success;
  const body = Buffer.from(await response.body.arrayBuffer());
  const firstResponseAt = Date.now();
  const summary = route.adapter.readResponse(body);
  if (summary.error) return { metering: { usage: undefined }, firstResponseAt, error: summary.error };
  const out = translatedBody(success, body);
  if (out === undefined) {
    const error = route.adapter.mapError(502, 'the upstream answered with a body that is not JSON');
    return { metering: { usage: undefined }, firstResponseAt, error };
  }
  const native = route.pairing.kind === 'identity' && route.adapter.relaysHeaders;
  const headers: OutgoingHttpHeaders = native ? passthroughHeaders(response.headers) : { 'Content-Type': 'application/json' };
  headers['content-length'] = out.length;
  const responseId = onResponseId && storesResponses(success) ? responseIdOf(body) : undefined;
  if (responseId !== undefined) onResponseId!(responseId);
  res.writeHead(response.statusCode, headers);
  res.end(out);
  // Only a transcription answer says how long its audio was; other bodies are not parsed for it.
  const transcription = success.context.request.summary.metering === 'transcription';
  const audioSeconds = summary.usage || !transcription ? undefined : audioSecondsOf(body);
  return {
    metering: audioSeconds === undefined ? { usage: summary.usage } : { usage: undefined, audioSeconds },
    firstResponseAt,
  };
}

/**
 * The relay of a streamed answer: the adapter's passthrough parser on the identity path (the
 * client's own framing, bytes untouched), else events decoded, translated or re-framed, and
 * encoded in the client's protocol.
 */
function streamRelayOf(success: SuccessfulAttempt, onResponseId?: ResponseIdListener): StreamParser {
  const relay = endableWithReason(eventStreamRelayOf(success, onResponseId), success.context.request.protocol);
  return success.context.request.streamFraming === 'json-array' ? asJsonArrayStream(relay) : relay;
}

/** The gateway's count of a passthrough answer's usage, by billing's rule, for its closing usage chunk. */
function closingUsageOf(summary: RequestSummary): ClosingUsageCounter {
  return (text, toolCalls) => {
    const completion = countCompletion(summary.model, [text], toolCalls);
    return { promptTokens: summary.promptTokens(), completionTokens: completion.tokens, textTokens: completion.textTokens };
  };
}

function eventStreamRelayOf(success: SuccessfulAttempt, onResponseId?: ResponseIdListener): StreamParser {
  const { route, upstreamRequest, context } = success;
  const { adapter } = route;
  if (route.pairing.kind === 'identity' && adapter.createStreamParser) {
    return adapter.createStreamParser({
      suppressUsageOnlyChunk: upstreamRequest.streamUsageRequested && !upstreamRequest.clientRequestedUsage,
      // The client asked for usage the channel cannot be asked for: the gateway's own count closes
      // the stream. (A channel that was asked sends its own; the [DONE] then passes untouched.)
      ...(upstreamRequest.clientRequestedUsage && !upstreamRequest.streamUsageRequested
        ? { closingUsage: closingUsageOf(context.request.summary) }
        : {}),
      collectText: true,
      operation: route.upstreamOperation,
      ...(onResponseId && storesResponses(success) ? { onResponseId } : {}),
    });
  }
  const protocol = context.request.protocol;
  const translator = route.pairing.kind === 'translate' ? route.pairing.translator.stream(context) : reframeStream(protocol);
  return new EventStreamRelay(adapter.createEventDecoder(), observerFor(adapter.protocol), translator, codecFor(protocol));
}

/**
 * A streamed answer: each upstream chunk is written as it arrives (no buffering beyond what a
 * cut event needs; what arrives in one turn, the end included, leaves in one socket write),
 * honouring the client's back-pressure. The usage and the first token's time
 * are read on the way; when the upstream sends no usage (or the stream ends early), the text
 * delivered so far is kept so billing can count it — the client pays for what it received.
 */
async function deliverStream(
  res: ServerResponse,
  success: SuccessfulAttempt,
  onResponseId?: ResponseIdListener,
  budget?: StreamBudget,
): Promise<DeliveredResponse> {
  const { response } = success;
  const relay = streamRelayOf(success, onResponseId);
  const source = response.body as AsyncIterable<Uint8Array>;
  // The headers leave with the first chunk: one write instead of two.
  res.writeHead(response.statusCode, success.context.request.streamFraming === 'json-array' ? JSON_ARRAY_STREAM_HEADERS : SSE_HEADERS);
  let interruption: unknown;
  let cut: AppError | undefined;
  const turn = new TurnWrites(res);
  try {
    for await (const chunk of source) {
      const out = relay.push(chunk);
      if (out.byteLength > 0) {
        turn.hold();
        if (!res.write(out)) await drainOrClose(res);
      }
      if (res.destroyed) break;
      // The balance behind the answer, looked at every few kilobytes; leaving the loop closes the upstream.
      if (budget?.due(chunk.byteLength) && (cut = await budget.check(relay)) !== undefined) break;
    }
  } catch (error) {
    interruption = toUpstreamFailure(error);
  }
  interruption ??= cut;
  const { rest, summary } = relay.finish(cut ? { interrupted: true, reason: cut } : { interrupted: interruption !== undefined });
  // Whatever this turn wrote leaves together with the end.
  turn.settle();
  if (!res.destroyed) res.end(rest.byteLength > 0 ? rest : undefined);
  // An answer that failed before delivering anything (an error first, a prompt refused outright)
  // is a failed call, not charged; one that failed later pays for what it delivered.
  if (summary.error && summary.completionText === '' && !summary.toolCalls) {
    return { metering: { usage: undefined }, firstResponseAt: summary.firstTokenAt, error: summary.error };
  }
  return { metering: streamMetering(summary), firstResponseAt: summary.firstTokenAt, interruption };
}

/**
 * Resolves on the response's next `drain` or `close`, removing both listeners either way (a
 * `Promise.race` of two `once()`s left the loser attached: one `close` and one `error` listener
 * per wait, piling up over a long stream to a slow client).
 */
export function drainOrClose(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

/** What a finished stream tells billing: its usage, or what it delivered for counting locally. */
export function streamMetering(summary: StreamSummary): ResponseMetering {
  if (summary.usage && summary.usageComplete) return { usage: summary.usage };
  return {
    usage: summary.usage,
    usagePartial: summary.usage !== undefined,
    completionText: summary.completionText,
    ...(summary.completionTextTokens !== undefined ? { completionTextTokens: summary.completionTextTokens } : {}),
    toolCalls: summary.toolCalls,
  };
}

/**
 * Writes a successful attempt's answer to the client: as a stream when the upstream streams.
 * `onResponseId` learns the id of a response the upstream keeps as soon as it is known (before
 * the whole answer, or the stream's first event, reaches the client). A stream whose `budget`
 * finds the caller's balance spent ends early with the refusal as the client's error event.
 */
export function deliverResponse(
  res: ServerResponse,
  success: SuccessfulAttempt,
  onResponseId?: ResponseIdListener,
  budget?: StreamBudget,
): Promise<DeliveredResponse> {
  return success.route.adapter.isStream(contentTypeOf(success.response.headers))
    ? deliverStream(res, success, onResponseId, budget)
    : deliverWhole(res, success, onResponseId);
}
