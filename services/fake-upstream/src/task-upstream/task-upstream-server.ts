// A fake asynchronous-task provider: a Midjourney-Proxy(-Plus) server and a Suno API on one port,
// programmable from tests (submission outcomes, how each task runs, callbacks, images).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerMidjourney, FAKE_PNG, type MjFakeState, type MjSubmitOutcome, mjTaskJson } from './midjourney-proxy';
import { answerSuno, type SunoFakeState, type SunoSubmitOutcome } from './suno';
import { TaskBook, type TaskScript } from './task-book';

/** Options of {@link startFakeTaskUpstream}. */
export interface FakeTaskUpstreamOptions {
  /** The `mj-api-secret` values accepted (default `['mj-secret']`). */
  mjSecrets?: readonly string[];
  /** The Suno bearer keys accepted (default `['suno-key']`). */
  sunoKeys?: readonly string[];
  /** Answer latency in milliseconds (default 0). */
  latencyMs?: number;
}

/** A running fake task provider. */
export interface FakeTaskUpstream {
  readonly url: string;
  readonly mj: {
    readonly book: TaskBook;
    /** The next submissions answer these (one each), then code 1. */
    nextSubmit(outcome: MjSubmitOutcome): void;
    /** The next submitted task runs like this (steps, failure). */
    script(script: TaskScript): void;
    /** What `/images/{id}.png` answers. */
    imageBytes: Buffer;
  };
  readonly suno: {
    readonly book: TaskBook;
    nextSubmit(outcome: SunoSubmitOutcome): void;
    script(script: TaskScript): void;
  };
  /** Requests received (method and path), oldest first. */
  readonly requests: Array<{ method: string; path: string; body: Record<string, unknown> }>;
  reset(): void;
  close(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return {};
  try {
    const value = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Starts the fake on 127.0.0.1 and any free port. */
export async function startFakeTaskUpstream(options: FakeTaskUpstreamOptions = {}): Promise<FakeTaskUpstream> {
  let url = '';
  const mjBook = new TaskBook(() => url, mjTaskJson);
  const sunoBook = new TaskBook(() => url, () => ({}));
  const mjState: MjFakeState = { book: mjBook, submitOutcomes: [], imageBytes: FAKE_PNG, secrets: new Set(options.mjSecrets ?? ['mj-secret']) };
  const sunoState: SunoFakeState = { book: sunoBook, submitOutcomes: [], keys: new Set(options.sunoKeys ?? ['suno-key']) };
  const requests: FakeTaskUpstream['requests'] = [];
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const body = await readJson(req);
    requests.push({ method: req.method ?? 'GET', path, body });
    if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
    if (answerMidjourney(req, res, path, body, mjState)) return;
    if (answerSuno(req, res, path, body, sunoState)) return;
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  };
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    mj: {
      book: mjBook,
      nextSubmit: (outcome) => mjState.submitOutcomes.push(outcome),
      script: (script) => mjBook.script(script),
      get imageBytes() {
        return mjState.imageBytes;
      },
      set imageBytes(bytes: Buffer) {
        mjState.imageBytes = bytes;
      },
    },
    suno: {
      book: sunoBook,
      nextSubmit: (outcome) => sunoState.submitOutcomes.push(outcome),
      script: (script) => sunoBook.script(script),
    },
    requests,
    reset() {
      mjBook.reset();
      sunoBook.reset();
      mjState.submitOutcomes.length = 0;
      sunoState.submitOutcomes.length = 0;
      mjState.imageBytes = FAKE_PNG;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
