import { Agent, request } from 'node:http';

/** What came back: a status and the whole body, or the way the connection failed. */
export type Outcome =
  | { readonly kind: 'answer'; readonly status: number; readonly contentType: string; readonly body: Buffer }
  | { readonly kind: 'no answer'; readonly error: string };

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

/**
 * Sends one request exactly as given (method, path, headers and bytes, no normalising), and
 * reads the whole answer. The body is written whole; a server that answers and closes before
 * reading it all still has its answer read.
 */
export function send(baseUrl: string, method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<Outcome> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Outcome) => {
      if (!settled) {
        settled = true;
        resolve(outcome);
      }
    };
    let req;
    try {
      req = request({ host: url.hostname, port: url.port, method, path, headers: body ? { ...headers, 'content-length': String(body.length) } : headers, agent, timeout: 60_000 });
    } catch (error) {
      finish({ kind: 'no answer', error: `not sendable: ${(error as Error).message}` });
      return;
    }
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => finish({ kind: 'answer', status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }));
      res.on('error', (error) => finish({ kind: 'no answer', error: error.message }));
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 60 s')));
    req.on('error', (error) => finish({ kind: 'no answer', error: (error as NodeJS.ErrnoException).code ?? error.message }));
    req.end(body);
  });
}

/** Closes the kept-alive connections. */
export function closeConnections(): void {
  agent.destroy();
}
