import { Agent, request as httpRequest } from 'node:http';
import type { BenchRequest } from './requests';
import { SampleBuffer } from './stats';

/** One answer, with the moments that matter for a streaming client. */
export interface ProbeAnswer {
  status: number;
  contentType: string;
  body: string;
  /** ms from sending the request to the first body byte (null for an empty body). */
  firstByteMs: number | null;
  /** ms from sending the request to the end of the body. */
  totalMs: number;
}

/**
 * Sends one request over `agent` and reads the whole answer. Timing starts when the request is
 * handed to the socket and uses the monotonic clock, so sub-millisecond differences are real.
 */
export function sendRequest(req: BenchRequest, agent: Agent, timeoutMs = 10_000): Promise<ProbeAnswer> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const elapsedMs = () => Number(process.hrtime.bigint() - started) / 1e6;
    const client = httpRequest(req.url, { method: req.method, headers: req.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      let firstByteMs: number | null = null;
      res.on('data', (chunk: Buffer) => {
        firstByteMs ??= elapsedMs();
        chunks.push(chunk);
      });
      res.once('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type'] ?? ''),
          body: Buffer.concat(chunks).toString('utf8'),
          firstByteMs,
          totalMs: elapsedMs(),
        }),
      );
      res.once('error', reject);
    });
    client.setTimeout(timeoutMs, () => client.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    client.once('error', reject);
    client.end(req.body);
  });
}

/** Result of a time-to-first-chunk probe. */
export interface TtfcProbe {
  /** ms to the first body byte of each 2xx answer. */
  samples: SampleBuffer;
  /** Requests that failed or answered non-2xx. */
  failures: number;
}

/**
 * Measures the time to the first body byte of streaming answers: `connections` keep-alive
 * connections each send requests back to back for `durationS`. Load generators time whole
 * responses; a streaming client feels the first chunk, and this is that number.
 */
export async function probeTimeToFirstChunk(
  req: BenchRequest,
  connections: number,
  durationS: number,
): Promise<TtfcProbe> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const samples = new SampleBuffer();
  let failures = 0;
  const deadline = Date.now() + durationS * 1000;
  const loop = async () => {
    while (Date.now() < deadline) {
      try {
        const answer = await sendRequest(req, agent);
        if (answer.status >= 200 && answer.status < 300 && answer.firstByteMs !== null) {
          samples.push(answer.firstByteMs);
        } else {
          failures++;
        }
      } catch {
        failures++;
        // A refused connection fails fast; do not spin on it.
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: connections }, loop));
  } finally {
    agent.destroy();
  }
  return { samples, failures };
}
