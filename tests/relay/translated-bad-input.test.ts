// Bad input to translated pairs (an OpenAI client, a Claude or Bedrock channel): what Claude's
// Messages cannot express is refused with a 400 in exactly OpenAI's error object, naming the
// field, whole or streamed; never a 500, never an upstream call, never a charge. The same body
// to an OpenAI channel is not the translator's business and goes through.
import { BadRequestError } from 'openai';
import { type RelayStack, startRelayStack } from '../support/relay-stack';
import { AWS_KEY_ID, expectNothingCharged, failure } from './openai-sdk-claude-support';

jest.setTimeout(30_000);

const CLAUDE_MODEL = 'claude-bad-input';
const BEDROCK_MODEL = 'bedrock-bad-input';
const OPENAI_MODEL = 'openai-bad-input';
const INITIAL_QUOTA = 100_000_000;

interface Answer {
  status: number;
  body: any;
}

/** The bodies a Claude channel cannot take, with the field the refusal names and its message. */
const CASES: Array<{ name: string; body: Record<string, unknown>; param: string; message: string }> = [
  {
    name: 'tool call arguments that are not JSON',
    body: {
      messages: [
        { role: 'user', content: 'Weather?' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city": Paris' } }] },
        { role: 'tool', tool_call_id: 'call_1', content: 'Sunny' },
      ],
    },
    param: 'messages.1.tool_calls.0',
    message: "messages.1.tool_calls.0: the tool call's arguments are not valid JSON",
  },
  {
    name: 'an input_audio part',
    body: {
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Transcribe this.' },
            { type: 'input_audio', input_audio: { data: 'UklGRiQAAABXQVZF', format: 'wav' } },
          ],
        },
      ],
    },
    param: 'messages.0.content.1',
    message: 'messages.0.content.1: an input_audio part cannot be sent to a Claude channel',
  },
  {
    name: 'n: 2',
    body: { messages: [{ role: 'user', content: 'Two answers, please.' }], n: 2 },
    param: 'n',
    message: 'n: a Claude channel answers with one choice',
  },
  {
    name: 'an unknown role',
    body: { messages: [{ role: 'narrator', content: 'Once upon a time.' }, { role: 'user', content: 'Go on.' }] },
    param: 'messages.0.role',
    message: 'messages.0: unknown role "narrator"',
  },
];

describe('bad input to an OpenAI client on Claude and Bedrock channels', () => {
  let stack: RelayStack;

  const post = async (apiKey: string, body: Record<string, unknown>): Promise<Answer> => {
    const res = await fetch(`${stack.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // kept as text: the shape assertion shows it
    }
    return { status: res.status, body: parsed };
  };

  beforeAll(async () => {
    stack = await startRelayStack();
    await stack.setOptions({ ModelRatio: JSON.stringify({ [CLAUDE_MODEL]: 1, [BEDROCK_MODEL]: 1, [OPENAI_MODEL]: 1 }) });
    await stack.seedChannel({ type: 14, baseUrl: stack.fake.url, key: 'sk-ant-bad', models: [CLAUDE_MODEL] });
    await stack.seedChannel({ type: 33, baseUrl: stack.fake.url, key: `${AWS_KEY_ID}|fake-secret-key|us-east-1`, models: [BEDROCK_MODEL] });
    await stack.seedChannel({ type: 1, baseUrl: stack.fake.url, key: 'sk-openai-bad', models: [OPENAI_MODEL] });
    const probe = await stack.userWithToken(INITIAL_QUOTA);
    await stack.waitForModels(probe.apiKey, [CLAUDE_MODEL, BEDROCK_MODEL, OPENAI_MODEL]);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  beforeEach(() => stack.fake.reset());

  describe.each([
    ['a Claude channel (type 14)', CLAUDE_MODEL],
    ['a Bedrock channel (type 33)', BEDROCK_MODEL],
  ])('to %s', (_label, model) => {
    it.each(CASES)('$name: 400 in OpenAI error shape naming the field, whole and streamed; no upstream call, nothing charged', async ({ body, param, message }) => {
      const user = await stack.userWithToken(INITIAL_QUOTA);
      for (const stream of [false, true]) {
        const answer = await post(user.apiKey, { model, ...body, ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}) });
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ error: { message, type: 'invalid_request_error', param, code: 'invalid_request' } });
      }
      expect(stack.fake.requests).toEqual([]);
      await expectNothingCharged(stack, user, INITIAL_QUOTA, async () => {
        const ok = await stack.openai(user.apiKey).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] }).withResponse();
        return ok.response.headers.get('x-request-id');
      });
    });

    it('reaches the SDK as BadRequestError with the param', async () => {
      const user = await stack.userWithToken(INITIAL_QUOTA);
      const error = await failure(
        stack.openai(user.apiKey).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }], n: 2 }),
      );
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error).toMatchObject({ status: 400, param: 'n', code: 'invalid_request', type: 'invalid_request_error' });
      expect(stack.fake.requests).toEqual([]);
    });
  });

  it('the same bodies to an OpenAI channel are passed through, not refused', async () => {
    const user = await stack.userWithToken(INITIAL_QUOTA);
    for (const { body } of CASES) {
      const answer = await post(user.apiKey, { model: OPENAI_MODEL, ...body });
      expect(answer.status).toBe(200);
    }
    expect(stack.fake.requests.map((r) => r.path)).toEqual(CASES.map(() => '/v1/chat/completions'));
    await stack.waitForLogs(user.userId, CASES.length);
  });
});
