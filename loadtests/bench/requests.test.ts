import { buildRequest, checkAnswer, requestBody } from './requests';

const endpoints = {
  fakeUrl: 'http://127.0.0.1:4001',
  portkeyUrl: 'http://127.0.0.1:4002',
  relayUrl: 'http://127.0.0.1:4003',
  relayKey: 'sk-bench',
};

describe('buildRequest', () => {
  it('sends the same body to every target', () => {
    const bodies = (['direct', 'portkey', 'relay'] as const).map((t) => buildRequest(t, 'stream', endpoints).body);
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0]!)).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(JSON.parse(requestBody('json'))).not.toHaveProperty('stream');
  });

  it('routes Portkey to the fake upstream with its provider headers', () => {
    const request = buildRequest('portkey', 'json', endpoints);
    expect(request.url).toBe('http://127.0.0.1:4002/v1/chat/completions');
    expect(request.headers).toMatchObject({
      'x-portkey-provider': 'openai',
      'x-portkey-custom-host': 'http://127.0.0.1:4001/v1',
    });
  });

  it('authenticates at the relay with the benchmark token', () => {
    const request = buildRequest('relay', 'json', endpoints);
    expect(request.url).toBe('http://127.0.0.1:4003/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-bench');
  });

  it('refuses a target that was not started', () => {
    expect(() => buildRequest('relay', 'json', { fakeUrl: endpoints.fakeUrl })).toThrow('the relay is not running');
  });
});

describe('checkAnswer', () => {
  const completion = JSON.stringify({ object: 'chat.completion', choices: [{ message: { content: 'Hello' } }] });
  const chunk = (body: object) => `data: ${JSON.stringify(body)}\n\n`;
  const stream =
    chunk({ choices: [{ delta: { role: 'assistant', content: 'Hello' } }], usage: null }) +
    chunk({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 } }) +
    'data: [DONE]\n\n';

  it('accepts a chat completion and a complete stream with usage', () => {
    expect(checkAnswer('json', 200, 'application/json', completion)).toBeNull();
    expect(checkAnswer('stream', 200, 'text/event-stream; charset=utf-8', stream)).toBeNull();
  });

  it('names the problem of an error or an incomplete answer', () => {
    expect(checkAnswer('json', 404, 'application/json', '{"error":{}}')).toBe('HTTP 404: {"error":{}}');
    expect(checkAnswer('json', 200, 'application/json', '{"object":"list"}')).toMatch(/^object is not chat.completion/);
    expect(checkAnswer('json', 200, 'text/plain', completion)).toMatch(/expected JSON/);
    expect(checkAnswer('stream', 200, 'text/event-stream', stream.replace('data: [DONE]\n\n', ''))).toMatch(/\[DONE\]/);
    const noUsage = chunk({ choices: [{ delta: { content: 'Hi' } }], usage: null }) + 'data: [DONE]\n\n';
    expect(checkAnswer('stream', 200, 'text/event-stream', noUsage)).toMatch(/no usage chunk/);
    expect(checkAnswer('stream', 200, 'text/event-stream', 'data: {oops\n\ndata: [DONE]\n\n')).toMatch(/not JSON/);
  });
});
