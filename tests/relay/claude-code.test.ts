// Claude Code unchanged against ANTHROPIC_BASE_URL=<gateway>: the request shapes it sends (kept in
// fixtures/claude-code, with its headers and `?beta=true`) reach a Claude channel byte for byte,
// an OpenAI channel translated, and Bedrock wrapped, and come back as the Anthropic stream it reads.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eventually } from '../support/relay-fixtures';
import { type ConsumeLog, type RelayStack, startRelayStack } from '../support/relay-stack';

jest.setTimeout(60_000);

const FIXTURES = path.join(__dirname, 'fixtures/claude-code');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');
const { path: MESSAGES_PATH, countTokensPath: COUNT_PATH, headers: HEADERS } = JSON.parse(fixture('request.json')) as {
  path: string;
  countTokensPath: string;
  headers: Record<string, string>;
};
/** A fixture's body for `model`, as text (the bytes the gateway must pass on untouched). */
const bodyFor = (name: string, model: string) => fixture(name).replace('"MODEL"', JSON.stringify(model));

/** The `event:` names of an SSE body, in order. */
function eventNames(text: string): string[] {
  return [...text.matchAll(/^event: (\S+)$/gm)].map((match) => match[1]!);
}

describe('Claude Code request shapes', () => {
  let stack: RelayStack;
  let token: { userId: number; apiKey: string };

  beforeAll(async () => {
    stack = await startRelayStack();
    await stack.setOptions({ ModelRatio: JSON.stringify({ 'cc-claude': 1, 'cc-gpt': 1, 'cc-bedrock': 1 }) });
    await stack.seedChannel({ type: 14, baseUrl: stack.fake.url, key: 'sk-ant-cc', models: ['cc-claude'] });
    await stack.seedChannel({ type: 1, baseUrl: stack.fake.url, key: 'sk-oai-cc', models: ['cc-gpt'] });
    await stack.seedChannel({ type: 33, baseUrl: stack.fake.url, key: 'AKIAFAKEFAKEFAKE|fake-secret-key|us-west-2', models: ['cc-bedrock'] });
    token = await stack.userWithToken(1_000_000_000);
    await stack.waitForModels(token.apiKey, ['cc-claude', 'cc-gpt', 'cc-bedrock']);
  });
  afterAll(async () => {
    await stack?.stop();
  });
  beforeEach(() => stack.fake.reset());

  const send = (pathAndQuery: string, body: string) =>
    fetch(`${stack.url}${pathAndQuery}`, { method: 'POST', headers: { ...HEADERS, 'x-api-key': token.apiKey }, body });

  it.each(['first-turn.json', 'tool-turn.json'])('%s reaches a Claude channel byte for byte, with its headers and query', async (name) => {
    const body = bodyFor(name, 'cc-claude');
    const res = await send(MESSAGES_PATH, body);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(eventNames(await res.text())).toEqual(expect.arrayContaining(['message_start', 'message_delta', 'message_stop']));
    const [upstream] = stack.fake.requests;
    expect(upstream).toMatchObject({ path: '/v1/messages', query: { beta: 'true' }, apiKey: 'sk-ant-cc', body: JSON.parse(body) });
    expect(upstream!.headers).toMatchObject({ 'anthropic-version': HEADERS['anthropic-version'], 'anthropic-beta': HEADERS['anthropic-beta'] });
    expect(upstream!.headers['x-api-key']).toBe('sk-ant-cc');
  });

  it('the tool turn reaches an OpenAI channel as chat: system turns, tools, the call and its result', async () => {
    const res = await send(MESSAGES_PATH, bodyFor('tool-turn.json', 'cc-gpt'));
    expect(res.status).toBe(200);
    const events = eventNames(await res.text());
    expect(events[0]).toBe('message_start');
    expect(events.slice(-2)).toEqual(['message_delta', 'message_stop']);
    const sent = stack.fake.requests[0]!;
    expect(sent.path).toBe('/v1/chat/completions');
    const chat = sent.body as { messages: Array<{ role: string; content?: unknown; tool_calls?: unknown; tool_call_id?: string }>; tools: unknown[]; stream: boolean; max_tokens: number };
    expect(chat.messages.map((message) => message.role)).toEqual(['system', 'user', 'system', 'assistant', 'tool']);
    expect(chat.messages[3]!.tool_calls).toEqual([
      { id: 'toolu_01Build', type: 'function', function: { name: 'Shell', arguments: '{"command":"cat package.json","description":"Show the package manifest"}' } },
    ]);
    expect(chat.messages[4]).toEqual({ role: 'tool', tool_call_id: 'toolu_01Build', content: '{"scripts":{"build":"tsc -b"}}' });
    expect(chat.tools).toHaveLength(2);
    expect(chat).toMatchObject({ stream: true, max_tokens: 32000 });
    let log: ConsumeLog | undefined;
    await eventually(async () => (log = (await stack.consumeLogs(token.userId)).find((entry) => entry.model === 'cc-gpt')) !== undefined, 10_000);
    expect(log).toMatchObject({ isStream: true, channelId: expect.any(Number) });
    expect(log!.quota).toBeGreaterThan(0);
  });

  it('the first turn reaches Bedrock wrapped: betas in the body, no model or stream, signed', async () => {
    const res = await send(MESSAGES_PATH, bodyFor('first-turn.json', 'cc-bedrock'));
    expect(res.status).toBe(200);
    expect(eventNames(await res.text())).toEqual(expect.arrayContaining(['message_start', 'content_block_delta', 'message_stop']));
    const sent = stack.fake.requests[0]!;
    expect(sent.path).toBe('/model/cc-bedrock/invoke-with-response-stream');
    expect(sent.apiKey).toBe('AKIAFAKEFAKEFAKE');
    const body = sent.body as Record<string, unknown>;
    expect(body).toMatchObject({ anthropic_version: 'bedrock-2023-05-31', anthropic_beta: HEADERS['anthropic-beta']!.split(','), max_tokens: 32000 });
    expect(body).not.toHaveProperty('model');
    expect(body).not.toHaveProperty('stream');
  });

  it('counts tokens through a Claude channel, and by itself for the others, charging nothing', async () => {
    // Every earlier call settled (four of them), so what follows is this test's alone.
    const settled = await stack.waitForLogs(token.userId, 4);
    const before = await stack.balances(token.userId);
    const claude = await send(COUNT_PATH, bodyFor('count-tokens.json', 'cc-claude'));
    expect(claude.status).toBe(200);
    expect(stack.fake.requests.map((request) => request.path)).toEqual(['/v1/messages/count_tokens']);
    const counted = (await claude.json()) as { input_tokens: number };
    for (const model of ['cc-gpt', 'cc-bedrock']) {
      const local = await send(COUNT_PATH, bodyFor('count-tokens.json', model));
      expect(local.status).toBe(200);
      const { input_tokens } = (await local.json()) as { input_tokens: number };
      // The system prompt and the two tool schemas are most of it: hundreds of tokens.
      expect(input_tokens).toBeGreaterThan(300);
    }
    expect(counted.input_tokens).toBeGreaterThan(0);
    expect(stack.fake.requests).toHaveLength(1);
    const after = await stack.balances(token.userId);
    expect([after.usedQuota, after.requestCount]).toEqual([before.usedQuota, before.requestCount]);
    expect(await stack.consumeLogs(token.userId)).toHaveLength(settled.length);
  });
});
