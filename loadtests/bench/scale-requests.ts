// The scale scenarios' requests: one at a time, timed to the first byte and to the end.
import { Agent, request } from 'node:http';
import { requestBody } from './requests';

/** Counts the answers being received at once (headers in, end not yet), keeping the peak. */
export class OpenCounter {
  open = 0;
  peak = 0;
  opened(): void {
    this.open++;
    if (this.open > this.peak) this.peak = this.open;
  }
  closed(): void {
    this.open--;
  }
}

/** One request; resolves with the time to the first body byte and to the end, in ms. */
export function timedRequest(
  agent: Agent,
  url: string,
  key: string,
  body: string,
  counter?: OpenCounter,
): Promise<{ status: number; ttfbMs: number; totalMs: number; refusal?: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let ttfbMs = -1;
    const req = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` } },
      (res) => {
        counter?.opened();
        res.once('close', () => counter?.closed());
        // A refusal's body says why (its first 120 characters are kept).
        let refusal = res.statusCode === 200 ? undefined : '';
        res.on('data', (chunk: Buffer) => {
          if (ttfbMs < 0) ttfbMs = performance.now() - started;
          if (refusal !== undefined && refusal.length < 120) refusal += chunk.toString('utf8');
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ttfbMs, totalMs: performance.now() - started, refusal: refusal?.slice(0, 120) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** `count` sequential JSON requests, each with the key `keyOf(i)`; the times of the 2xx ones, in ms. */
export async function sequential(url: string, count: number, keyOf: (i: number) => string): Promise<{ samples: number[]; failed: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const samples: number[] = [];
  let failed = 0;
  try {
    for (let i = 0; i < count; i++) {
      const result = await timedRequest(agent, `${url}/v1/chat/completions`, keyOf(i), requestBody('json')).catch(() => null);
      if (result && result.status === 200) samples.push(result.totalMs);
      else failed++;
    }
  } finally {
    agent.destroy();
  }
  return { samples, failed };
}
