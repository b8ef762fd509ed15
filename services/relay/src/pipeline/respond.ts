import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { RelayEndpoint, StreamSummary } from '../providers/types';
import type { UpstreamError } from '../providers/upstream-error';
import type { SuccessfulAttempt } from './attempts';
import type { ResponseMetering } from './pricing-step';
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

/** What a written response left for billing. */
export interface DeliveredResponse {
  readonly metering: ResponseMetering;
  readonly firstResponseAt: number | undefined;
  /** A failure after the answer started (upstream cut, idle timeout, client gone). */
  readonly interruption?: unknown;
  /** Set when a success status came with an error body: nothing was delivered, nothing is charged. */
  readonly error?: UpstreamError;
}

function passthroughHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !DROPPED_HEADERS.has(name)) out[name] = value;
  }
  return out;
}

function isEventStream(headers: IncomingHttpHeaders): boolean {
  const type = headers['content-type'];
  return typeof type === 'string' && type.toLowerCase().includes('text/event-stream');
}

function transcribes(endpoint: RelayEndpoint): boolean {
  return endpoint === 'audio/transcriptions' || endpoint === 'audio/translations';
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
 * A non-streaming answer: the upstream bytes go to the client as they are (never re-serialised)
 * with the upstream's own headers; only the usage (or an error hidden in a success body) is read.
 */
async function deliverWhole(res: ServerResponse, success: SuccessfulAttempt): Promise<DeliveredResponse> {
  const { response, resolved } = success;
  const body = Buffer.from(await response.body.arrayBuffer());
  const firstResponseAt = Date.now();
  const summary = resolved.adapter.readResponse(body);
  if (summary.error) return { metering: { usage: undefined }, firstResponseAt, error: summary.error };
  const headers = passthroughHeaders(response.headers);
  headers['content-length'] = body.length;
  res.writeHead(response.statusCode, headers);
  res.end(body);
  // Only a transcription answer says how long its audio was; other bodies are not parsed for it.
  const audioSeconds = summary.usage || !transcribes(success.endpoint) ? undefined : audioSecondsOf(body);
  return {
    metering: audioSeconds === undefined ? { usage: summary.usage } : { usage: undefined, audioSeconds },
    firstResponseAt,
  };
}

/**
 * A streamed answer: each upstream chunk is written as it arrives (no buffering beyond what a
 * cut SSE line needs), honouring the client's back-pressure. The stream parser notes the first
 * token time and the usage; when the upstream sends none (or the stream ends early), the text
 * delivered so far is kept so billing can count it — the client pays for what it received.
 */
async function deliverStream(res: ServerResponse, success: SuccessfulAttempt): Promise<DeliveredResponse> {
  const { response, resolved, upstreamRequest } = success;
  const parser = resolved.adapter.createStreamParser({
    suppressUsageOnlyChunk: upstreamRequest.streamUsageRequested && !upstreamRequest.clientRequestedUsage,
    collectText: true,
  });
  // The headers leave with the first chunk: one write instead of two.
  res.writeHead(response.statusCode, SSE_HEADERS);
  let interruption: unknown;
  try {
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      const out = parser.push(chunk);
      if (out.byteLength > 0 && !res.write(out)) {
        await drainOrClose(res);
      }
      if (res.destroyed) break;
    }
  } catch (error) {
    interruption = toUpstreamFailure(error);
  }
  const { rest, summary } = parser.finish();
  if (!res.destroyed) res.end(rest.byteLength > 0 ? rest : undefined);
  return { metering: streamMetering(summary), firstResponseAt: summary.firstTokenAt, interruption };
}

/**
 * Resolves on the response's next `drain` or `close`, removing both listeners either way (a
 * `Promise.race` of two `once()`s left the loser attached: one `close` and one `error` listener
 * per wait, piling up over a long stream to a slow client).
 */
function drainOrClose(res: ServerResponse): Promise<void> {
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

function streamMetering(summary: StreamSummary): ResponseMetering {
  if (summary.usage) return { usage: summary.usage };
  return { usage: undefined, completionText: summary.completionText, toolCalls: summary.toolCalls };
}

/** Writes a successful attempt's answer to the client: as a stream when the upstream streams. */
export function deliverResponse(res: ServerResponse, success: SuccessfulAttempt): Promise<DeliveredResponse> {
  return isEventStream(success.response.headers) ? deliverStream(res, success) : deliverWhole(res, success);
}
