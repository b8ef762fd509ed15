import { existsSync, readFileSync } from 'node:fs';
import { connect, type ClientHttp2Session } from 'node:http2';
import OpenAI from 'openai';
import { Agent, fetch as undiciFetch } from 'undici';
import { CA_FILE_PREFIX, parseArguments, runCli } from './cli';
import type { FakeUpstream } from './server';

/** What the slow model's five chunks carry: the default text's five words. */
const SLOW_TEXT = 'Hello from the fake upstream';
const MESSAGES: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'hi' }];

/** One chat stream on an HTTP/2 session: its status and body, or the error that ended it. */
function h2Stream(session: ClientHttp2Session, headers: Record<string, string> = {}): Promise<{ status?: number; body: string; error?: string }> {
  return new Promise((resolve) => {
    const req = session.request({
      ':method': 'POST',
      ':path': '/v1/chat/completions',
      'content-type': 'application/json',
      authorization: 'Bearer sk-h2',
      ...headers,
    });
    let status: number | undefined;
    let body = '';
    req.setEncoding('utf8');
    req.on('response', (head) => (status = Number(head[':status'])));
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve({ status, body }));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ status, body, error: error.code }));
    req.end(JSON.stringify({ model: 'slow', stream: true, messages: MESSAGES }));
  });
}

const contentOf = (sse: string): string =>
  sse
    .split('\n')
    .filter((line) => line.startsWith('data: {'))
    .map((line) => (JSON.parse(line.slice(6)) as { choices: Array<{ delta?: { content?: string } }> }).choices[0]?.delta?.content ?? '')
    .join('');

describe('fake upstream over HTTPS (--tls): HTTP/2 and HTTP/1.1 by ALPN', () => {
  const lines: string[] = [];
  let fake: FakeUpstream;
  let ca: Buffer;

  beforeAll(async () => {
    fake = await runCli(['--port', '0', '--tls', '--slow-model', 'slow:5:20'], (line) => lines.push(line));
    ca = readFileSync(fake.certFile!);
  });
  afterAll(() => fake.close());

  it('prints its https URL, then the certificate file to trust', () => {
    expect(parseArguments(['--tls'])).toEqual({ record: false, tls: true });
    expect(() => parseArguments(['--tls=yes'])).toThrow(/--tls takes no value/);
    expect(fake.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(lines).toEqual([fake.url, `${CA_FILE_PREFIX}${fake.certFile}`]);
  });

  it('answers the official SDK over HTTPS (HTTP/1.1): a completion and a stream', async () => {
    const agent = new Agent({ connect: { ca } });
    const openai = new OpenAI({
      apiKey: 'sk-tls',
      baseURL: `${fake.url}/v1`,
      maxRetries: 0,
      // undici's fetch with an Agent that trusts the fake's certificate.
      fetch: ((url: string, init: object) => undiciFetch(url, { ...init, dispatcher: agent } as Parameters<typeof undiciFetch>[1])) as unknown as typeof fetch,
    });
    try {
      const completion = await openai.chat.completions.create({ model: 'gpt-4o', messages: MESSAGES });
      expect(completion.choices[0]!.message.content).toBe('Hello from the fake upstream.');
      const stream = await openai.chat.completions.create({ model: 'slow', messages: MESSAGES, stream: true });
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      expect(text).toBe(SLOW_TEXT);
    } finally {
      await agent.close();
    }
  });

  it('negotiates h2 and carries several streams on one connection; a programmed cut resets only its stream', async () => {
    const session = connect(fake.url, { ca });
    try {
      const [first, cut, second] = await Promise.all([
        h2Stream(session),
        h2Stream(session, { 'x-fake-disconnect-after': '1' }),
        h2Stream(session),
      ]);
      expect(session.alpnProtocol).toBe('h2');
      for (const whole of [first, second]) {
        expect(whole.error).toBeUndefined();
        expect(whole.status).toBe(200);
        expect(contentOf(whole.body)).toBe(SLOW_TEXT);
        expect(whole.body.trimEnd().endsWith('data: [DONE]')).toBe(true);
      }
      expect(cut.status).toBe(200);
      expect(cut.error).toBe('ERR_HTTP2_STREAM_ERROR');
      expect(cut.body).not.toContain('[DONE]');
    } finally {
      session.close();
    }
  });

  it('removes its certificate when it closes', async () => {
    const other = await runCli(['--port', '0', '--tls'], () => undefined);
    expect(existsSync(other.certFile!)).toBe(true);
    await other.close();
    expect(existsSync(other.certFile!)).toBe(false);
  });
});
