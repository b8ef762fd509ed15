// Server-sent events in OpenAI's framing: `data: <json>\n\n` per chunk, `data: [DONE]\n\n` last;
// optional delays between chunks and a cut of the connection mid-stream.
import type { Socket } from 'node:net';
import type { Exchange } from './exchange';

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
};
const DONE = 'data: [DONE]\n\n';

/** Ends the connection after the bytes written so far, leaving the chunked body unterminated. */
function cutConnection(x: Exchange): void {
  if (x.record !== undefined) x.record.outcome = 'cut';
  const socket: Socket | null = x.res.socket;
  if (socket === null) return;
  socket.once('finish', () => socket.destroy());
  socket.end();
}

/**
 * Streams `contents` (serialised content chunks) and then `tail` (finish and usage chunks) and
 * `[DONE]`. `behaviour.chunkDelayMs` waits before each content chunk; `behaviour.disconnectAfter`
 * cuts the connection after that many content chunks, before the tail.
 */
export function writeSse(x: Exchange, contents: readonly string[], tail: readonly string[]): void {
  const { res, behaviour, record } = x;
  const delay = behaviour.chunkDelayMs ?? 0;
  const cut = behaviour.disconnectAfter;
  const limit = cut === undefined ? contents.length : Math.min(cut, contents.length);
  res.writeHead(x.status, SSE_HEADERS);

  const finish = (): void => {
    if (cut !== undefined) {
      cutConnection(x);
      return;
    }
    for (const chunk of tail) res.write(`data: ${chunk}\n\n`);
    res.end(DONE);
  };

  if (delay === 0) {
    // Everything at once: corked, so the chunks leave in one write.
    res.cork();
    for (let i = 0; i < limit; i++) res.write(`data: ${contents[i]}\n\n`);
    if (record !== undefined) record.chunksSent = limit;
    if (limit === 0) res.flushHeaders();
    finish();
    res.uncork();
    return;
  }

  res.flushHeaders();
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  const next = (): void => {
    timer = undefined;
    res.write(`data: ${contents[sent]}\n\n`);
    sent += 1;
    if (record !== undefined) record.chunksSent = sent;
    if (sent < limit) timer = setTimeout(next, delay);
    else finish();
  };
  res.once('close', () => clearTimeout(timer));
  if (limit === 0) finish();
  else timer = setTimeout(next, delay);
}
