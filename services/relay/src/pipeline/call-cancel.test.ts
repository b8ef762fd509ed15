import { EventEmitter, once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, errors } from 'undici';
import { CallCancellation } from './call-cancel';

/** A stand-in for the client's response: closes, finished or not. */
function clientResponse(): ServerResponse & { close(finished: boolean): void } {
  const res = new EventEmitter() as EventEmitter & { writableFinished: boolean; close(finished: boolean): void };
  res.writableFinished = false;
  res.close = (finished) => {
    res.writableFinished = finished;
    res.emit('close');
  };
  return res as unknown as ServerResponse & { close(finished: boolean): void };
}

describe('CallCancellation', () => {
  it('aborts its listeners and its signal once when the client leaves before the answer is complete', () => {
    const res = clientResponse();
    const cancel = new CallCancellation(res);
    const heard: string[] = [];
    const removed = () => heard.push('removed');
    cancel.once('abort', () => heard.push('first'));
    cancel.on('abort', removed);
    cancel.removeListener('abort', removed);
    const { signal } = cancel;
    expect(signal.aborted).toBe(false);
    res.close(false);
    res.close(false);
    expect(cancel.aborted).toBe(true);
    expect(signal.aborted).toBe(true);
    expect(heard).toEqual(['first']);
    expect(cancel.signal).toBe(signal);
  });

  it('makes no AbortSignal until asked, and one asked for after the abort is born aborted', () => {
    const res = clientResponse();
    const cancel = new CallCancellation(res);
    expect(cancel['controller']).toBeUndefined();
    res.close(false);
    expect(cancel.signal.aborted).toBe(true);
  });

  it('does not abort when the answer was complete, nor after the call is done', () => {
    const finished = clientResponse();
    const complete = new CallCancellation(finished);
    finished.close(true);
    expect(complete.aborted).toBe(false);

    const res = clientResponse();
    const done = new CallCancellation(res);
    done.done();
    expect(res.listenerCount('close')).toBe(0);
    res.close(false);
    expect(done.aborted).toBe(false);
  });

  it('is a signal undici listens on: the upstream call is aborted when the client leaves', async () => {
    const server = createServer((req, res) => {
      // Answers `/ok`; never answers anything else.
      if (req.url === '/ok') res.end('fine');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const agent = new Agent();
    try {
      const { port } = server.address() as AddressInfo;
      const origin = `http://127.0.0.1:${port}`;
      // An answered call stops listening once its body is read.
      const answered = new CallCancellation(clientResponse());
      const ok = await agent.request({ origin, path: '/ok', method: 'GET', signal: answered as unknown as AbortSignal });
      expect(await ok.body.text()).toBe('fine');
      if (!ok.body.closed) await once(ok.body, 'close');
      expect(answered['listeners']).toEqual([]);

      const res = clientResponse();
      const cancel = new CallCancellation(res);
      const call = agent.request({ origin, path: '/', method: 'GET', signal: cancel as unknown as AbortSignal });
      const failed = call.then(
        () => undefined,
        (error: unknown) => error,
      );
      await once(server, 'request');
      expect(cancel['listeners']).toHaveLength(1);
      res.close(false);
      expect(await failed).toBeInstanceOf(errors.RequestAbortedError);
    } finally {
      await agent.close();
      server.closeAllConnections();
      server.close();
    }
  });
});
