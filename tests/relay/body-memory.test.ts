// One token holder must not be able to exhaust the relay's memory with request bodies (security
// issue, item 3). The relay runs as its own process under the chart's heap
// (--max-old-space-size=256) with its default limits, and gets 50 concurrent bodies as large as
// its chat endpoints take: from a funded token, from a zero-balance one, and from ten funded
// tokens at once. It must stay alive, answer every refused body at once in the client's protocol
// (403 before reading for no balance; 429 with Retry-After beyond a token's share of large bodies
// or the process's body budget), keep its resident memory bounded, and serve a normal request
// afterwards. Separate processes need a shared bus: this needs NATS_URL (CI sets it).
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { type FakeUpstream, startFakeUpstream } from '@modelgate/fake-upstream';
import { seedChannel, seedToken, seedUser } from '../support/relay-fixtures';
import { awaitRouting, chat, type RelayCluster, startRelayCluster } from '../support/relay-processes';

jest.setTimeout(120_000);

const MiB = 1024 * 1024;
/** The relay's default chat body limit (MAX_CHAT_BODY_MB): the largest body it reads. */
const MAXIMAL = 16 * MiB;
const CONCURRENT = 50;
const MODEL = 'mg-body-memory';
/** The pod's memory limit in the chart is 512 MiB; the relay must stay well inside it. */
const RSS_BOUND_MB = 400;
/** A refused body is answered from its headers: long before 16 MiB could have been read. */
const REFUSAL_BOUND_MS = 3_000;

/** A chat body of exactly `size` bytes, built once and sent by every request (no per-request copies). */
function chatBodyOf(model: string, size: number): Buffer {
  const head = `{"model":"${model}","messages":[{"role":"user","content":"`;
  const tail = '"}]}';
  const body = Buffer.alloc(size, 'a');
  body.write(head, 0, 'latin1');
  body.write(tail, size - tail.length, 'latin1');
  return body;
}

interface Answer {
  /** 0 when the connection failed before any answer came. */
  status: number;
  retryAfter: string | undefined;
  body: any;
  /** Milliseconds from sending the headers to the whole answer. */
  ms: number;
}

/**
 * POSTs `body` (whatever of it the relay reads) and resolves with the answer as soon as it comes,
 * or with status 0 and the error when the connection failed first.
 */
function post(url: string, path: string, apiKey: string, body: Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve) => {
    // A connection of its own, kept alive as SDK clients keep theirs: the relay then drains a
    // refused body and the answer is always read (a client asking for `Connection: close` has its
    // connection closed after the answer, which can reset it before the answer is read).
    const req = request(`${url}${path}`, {
      method: 'POST',
      agent: false,
      headers: {
        authorization: `Bearer ${apiKey}`,
        'content-type': 'application/json',
        'content-length': body.length,
        connection: 'keep-alive',
        ...headers,
      },
    });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // kept as text for the failure message
        }
        const retryAfter = res.headers['retry-after'];
        resolve({ status: res.statusCode ?? 0, retryAfter, body: parsed, ms: Date.now() - started });
        req.destroy();
      });
    });
    // A refused body is not read: the relay may close the connection while the rest is being sent.
    req.on('error', (error) => {
      if (!answered) resolve({ status: 0, retryAfter: undefined, body: String(error), ms: Date.now() - started });
    });
    req.end(body);
  });
}

/** Resident memory of a process now and at its peak, in MiB, from /proc/<pid>/status. */
function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const natsUrl = process.env.NATS_URL;

(natsUrl ? describe : describe.skip)('a relay under the chart heap, flooded with maximal bodies', () => {
  let cluster: RelayCluster;
  let fake: FakeUpstream;
  let url: string;
  let pid: number;
  let funded: string;
  let broke: string;
  let many: string[];
  const body = chatBodyOf(MODEL, MAXIMAL);

  const expectAlive = () => {
    if (!alive(pid)) throw new Error(`the relay died:\n${cluster.tail()}`);
  };

  beforeAll(async () => {
    fake = await startFakeUpstream();
    cluster = await startRelayCluster({
      options: { ModelRatio: JSON.stringify({ [MODEL]: 0.001 }), RetryTimes: '0' },
      relayEnv: { NODE_OPTIONS: '--max-old-space-size=256' },
    });
    url = cluster.relayUrls[0]!;
    pid = cluster.relayPids[0]!;
    await seedChannel(cluster.sql, { baseUrl: fake.url, models: [MODEL] }, cluster.bus);
    const rich = await seedUser(cluster.sql, 1e12);
    funded = (await seedToken(cluster.sql, { userId: rich }, cluster.bus)).apiKey;
    many = [];
    for (let i = 0; i < 10; i++) many.push((await seedToken(cluster.sql, { userId: rich }, cluster.bus)).apiKey);
    // A self-registered account: a token, no balance.
    broke = (await seedToken(cluster.sql, { userId: await seedUser(cluster.sql, 0) }, cluster.bus)).apiKey;
    await awaitRouting(cluster.sql, cluster.bus, [url], funded, fake.url);
    for (const key of [...many, broke]) expect((await fetch(`${url}/v1/models`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    expect((await chat(url, funded, MODEL)).status).toBe(200);
  });

  afterAll(async () => {
    await cluster?.stop();
    await fake?.close();
  });

  it('refuses 50 concurrent maximal bodies from a zero-balance token before reading them (403, Anthropic shape)', async () => {
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, () => post(url, '/v1/messages', broke, body, { 'anthropic-version': '2023-06-01' })),
    );
    expectAlive();
    for (const answer of answers) {
      expect(answer).toMatchObject({
        status: 403,
        body: { type: 'error', error: { type: 'permission_error', message: 'user quota is not enough' } },
      });
      expect(answer.ms).toBeLessThan(REFUSAL_BOUND_MS);
    }
    expect(memoryOf(pid).peakMb).toBeLessThan(RSS_BOUND_MB);
  });

  it('serves a funded token what fits of 50 concurrent bodies and refuses the rest at once (429, Retry-After)', async () => {
    const expectRefusedAtOnce = (answer: Answer, codes: string[]) => {
      expect(answer).toMatchObject({ status: 429, retryAfter: '2' });
      expect(Object.keys(answer.body.error).sort()).toEqual(['code', 'message', 'param', 'type']);
      expect(codes).toContain(answer.body.error.code);
      expect(answer.ms).toBeLessThan(REFUSAL_BOUND_MS);
    };
    // The upstream takes its time, so the bodies served stay in flight while the others arrive.
    fake.program({}, { latencyMs: 1_500 });
    // Maximal bodies: the process's budget (two of them under this heap) is what refuses first.
    const maximal = await Promise.all(Array.from({ length: CONCURRENT }, () => post(url, '/v1/chat/completions', funded, body)));
    expectAlive();
    const served = maximal.filter((answer) => answer.status === 200);
    expect(served.length).toBeGreaterThan(0);
    expect(served.length).toBeLessThanOrEqual(4);
    for (const answer of served) expect(answer.body.choices[0].message.content).toBe('Hello from the fake upstream.');
    for (const answer of maximal.filter((a) => a.status !== 200)) expectRefusedAtOnce(answer, ['relay_busy', 'too_many_large_requests']);

    // 4 MiB bodies fit the budget four at a time: the token's share (4 large bodies) refuses first.
    const smaller = chatBodyOf(MODEL, 4 * MiB);
    const shares = await Promise.all(Array.from({ length: CONCURRENT }, () => post(url, '/v1/chat/completions', funded, smaller)));
    expectAlive();
    expect(shares.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
    expect(shares.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(4);
    const refusedShares = shares.filter((answer) => answer.status !== 200);
    for (const answer of refusedShares) expectRefusedAtOnce(answer, ['too_many_large_requests']);
    expect(memoryOf(pid).peakMb).toBeLessThan(RSS_BOUND_MB);
  });

  it('bounds what ten funded tokens together make it hold (429 relay_busy), and still serves normal requests', async () => {
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) => post(url, '/v1/chat/completions', many[i % many.length]!, body)),
    );
    expectAlive();
    const codes = new Set(answers.filter((answer) => answer.status !== 200).map((answer) => `${answer.status} ${answer.body.error?.code}`));
    expect(answers.some((answer) => answer.status === 200)).toBe(true);
    expect(codes.has('429 relay_busy')).toBe(true);
    expect([...codes].filter((code) => code !== '429 relay_busy' && code !== '429 too_many_large_requests')).toEqual([]);
    const { peakMb, rssMb } = memoryOf(pid);
    expect(peakMb).toBeLessThan(RSS_BOUND_MB);

    const normal = await chat(url, funded, MODEL);
    expect(normal.status).toBe(200);
    expect(normal.body.choices[0].message.content).toBe('Hello from the fake upstream.');
    expectAlive();
    console.log(`relay RSS after the floods: ${rssMb.toFixed(0)} MiB now, ${peakMb.toFixed(0)} MiB at the peak`);
  });
});
