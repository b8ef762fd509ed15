// Writes a streamed answer of any framing (SSE, AWS event stream): head frames with the
// headers, then the content frames (each one counted as a chunk: `chunkDelayMs` waits before
// it, `disconnectAfter` and `streamErrorAfter` count it), then the tail frames. A cut leaves the
// chunked body unterminated; a stream error ends the body properly after the error frame.
import type { OutgoingHttpHeaders } from 'node:http';
import type { Exchange } from './exchange';
import { dropConnection } from './listener';

/** One framed piece of a stream, ready to write. */
export type Frame = string | Uint8Array;

/** What a streamed answer sends. */
export interface StreamPlan {
  readonly headers: OutgoingHttpHeaders;
  /** Frames sent at once with the headers (before any content). */
  readonly head?: readonly Frame[];
  /** The content frames. */
  readonly contents: readonly Frame[];
  /** Frames after the contents when the stream ends normally. */
  readonly tail: readonly Frame[];
  /** The error frame `streamErrorAfter` sends after its chunks, built when needed. */
  readonly error?: () => Frame;
}

/** Ends the connection after the bytes written so far, leaving the chunked body unterminated (HTTP/2: resets the stream). */
function cutConnection(x: Exchange): void {
  if (x.record !== undefined) x.record.outcome = 'cut';
  dropConnection(x.res, true);
}

/** Streams `plan` as the behaviour of `x` says (delays, a cut, a mid-stream error). */
export function writeStream(x: Exchange, plan: StreamPlan): void {
  const { res, behaviour, record } = x;
  const { contents, head, tail } = plan;
  const delay = behaviour.chunkDelayMs ?? 0;
  const cut = behaviour.disconnectAfter;
  const errorAt = plan.error === undefined ? undefined : behaviour.streamErrorAfter;
  let limit = contents.length;
  if (cut !== undefined && cut < limit) limit = cut;
  if (errorAt !== undefined && errorAt < limit) limit = errorAt;
  const cuts = cut !== undefined && (errorAt === undefined || cut <= errorAt);
  res.writeHead(x.status, plan.headers);

  const finish = (): void => {
    if (cuts) {
      cutConnection(x);
      return;
    }
    if (errorAt !== undefined) {
      res.end(plan.error!());
      return;
    }
    const last = tail.length - 1;
    for (let i = 0; i < last; i++) res.write(tail[i]!);
    if (last >= 0) res.end(tail[last]);
    else res.end();
  };

  if (delay === 0) {
    // Everything at once: corked, so the frames leave in one write.
    res.cork();
    if (head !== undefined) for (const frame of head) res.write(frame);
    for (let i = 0; i < limit; i++) res.write(contents[i]!);
    if (record !== undefined) record.chunksSent = limit;
    if (limit === 0 && head === undefined) res.flushHeaders();
    finish();
    res.uncork();
    return;
  }

  if (head === undefined) res.flushHeaders();
  else for (const frame of head) res.write(frame);
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  const next = (): void => {
    timer = undefined;
    res.write(contents[sent]!);
    sent += 1;
    if (record !== undefined) record.chunksSent = sent;
    if (sent < limit) timer = setTimeout(next, delay);
    else finish();
  };
  res.once('close', () => clearTimeout(timer));
  if (limit === 0) finish();
  else timer = setTimeout(next, delay);
}
