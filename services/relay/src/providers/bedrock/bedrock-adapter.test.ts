import { findChannelType } from '@modelgate/channel-types';
import { InternalError } from '@modelgate/runtime';
import { EventStreamCodec } from '@smithy/core/event-streams';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { DEFAULT_CLAUDE_SETTINGS } from '../anthropic/claude-request';
import type { BuildRequestInput } from '../types';
import { bedrockAdapter } from '.';

const bedrock = findChannelType(33)!;
const channel = { id: 9, type: 33, key: 'AKIDEXAMPLE|secret|eu-west-3', base_url: '', other: '', openai_organization: null, created_time: 0 };
const hello = { model: 'claude-sonnet-4-20250514', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] };

async function build(json: Record<string, unknown>, extra: Partial<BuildRequestInput> = {}) {
  const request = await bedrockAdapter.buildRequest(bedrock, {
    channel,
    operation: 'messages',
    body: Buffer.from(JSON.stringify(json)),
    json,
    upstreamModel: String(json['model']),
    stream: json['stream'] === true,
    forceStreamUsage: true,
    settings: { claude: DEFAULT_CLAUDE_SETTINGS },
    ...extra,
  });
  return { request, sent: JSON.parse(Buffer.from(request.body).toString('utf8')) as Record<string, unknown> };
}

describe('the Bedrock adapter', () => {
  it("invokes the model's Bedrock id in the key's region, through its inference profile, signed with SigV4", async () => {
    const { request, sent } = await build(hello, { forwarded: { anthropicBeta: 'context-1m' } });
    expect(request.url).toBe('https://bedrock-runtime.eu-west-3.amazonaws.com/model/eu.anthropic.claude-sonnet-4-20250514-v1%3A0/invoke');
    expect(sent).toEqual({ max_tokens: 100, messages: hello.messages, anthropic_version: 'bedrock-2023-05-31', anthropic_beta: ['context-1m'] });
    expect(request.headers['authorization']).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-3\/bedrock\/aws4_request, SignedHeaders=accept;content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    expect(request.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(request.headers['accept']).toBe('application/json');
    expect(request.headers).not.toHaveProperty('host');
  });

  it('streams with InvokeModelWithResponseStream, at the channel’s own endpoint when it names one', async () => {
    const { request, sent } = await build({ ...hello, model: 'us.anthropic.claude-x', stream: true }, { channel: { ...channel, base_url: 'https://vpce.example/bedrock/' } });
    expect(request.url).toBe('https://vpce.example/bedrock/model/us.anthropic.claude-x/invoke-with-response-stream');
    expect(request.headers['accept']).toBe('application/vnd.amazon.eventstream');
    expect(sent).not.toHaveProperty('stream');
    expect(sent).not.toHaveProperty('model');
  });

  it('refuses a key that is not Ak|Sk|Region as a fault of the channel, before any call', async () => {
    await expect(build(hello, { channel: { ...channel, key: 'only-one-part' } })).rejects.toThrow(InternalError);
    expect(bedrockAdapter.supports(bedrock, 'messages/count_tokens')).toBe(false);
    expect(bedrockAdapter.supports(bedrock, 'messages')).toBe(true);
  });

  it('decodes event-stream frames into the Anthropic events they carry, exceptions as error events', () => {
    const codec = new EventStreamCodec(toUtf8, fromUtf8);
    const headers = { ':event-type': { type: 'string', value: 'chunk' }, ':message-type': { type: 'string', value: 'event' } } as const;
    const chunk = (data: unknown) =>
      codec.encode({ headers, body: fromUtf8(JSON.stringify({ bytes: Buffer.from(JSON.stringify(data)).toString('base64') })) });
    const decoder = bedrockAdapter.createEventDecoder();
    expect(decoder.push(chunk({ type: 'message_start', message: { id: 'm' } }))).toEqual([
      { name: 'message_start', data: { type: 'message_start', message: { id: 'm' } } },
    ]);
    const exception = codec.encode({
      headers: { ':exception-type': { type: 'string', value: 'throttlingException' }, ':message-type': { type: 'string', value: 'exception' } },
      body: fromUtf8(JSON.stringify({ message: 'Too many requests' })),
    });
    expect(decoder.push(exception)).toEqual([
      { name: 'error', data: { type: 'error', error: { type: 'rate_limit_error', message: 'ThrottlingException: Too many requests' } } },
    ]);
  });

  it('decodes the events of a body cut anywhere, all the events one chunk completes in one push', () => {
    const codec = new EventStreamCodec(toUtf8, fromUtf8);
    const headers = { ':event-type': { type: 'string', value: 'chunk' }, ':message-type': { type: 'string', value: 'event' } } as const;
    const frame = (data: { type: string }) =>
      codec.encode({ headers, body: fromUtf8(JSON.stringify({ bytes: Buffer.from(JSON.stringify(data)).toString('base64') })) });
    const sent = [{ type: 'message_start' }, ...['Grü', 'ße 🌍', '!'].map((text) => ({ type: 'content_block_delta', delta: { text } })), { type: 'message_stop' }];
    const body = Buffer.concat(sent.map(frame));
    const expected = sent.map((data) => ({ name: data.type, data }));
    for (const size of [1, 5, 13, 64, body.length]) {
      const decoder = bedrockAdapter.createEventDecoder();
      const pushes: number[] = [];
      const events = [];
      for (let i = 0; i < body.length; i += size) {
        const out = decoder.push(body.subarray(i, i + size));
        pushes.push(out.length);
        events.push(...out);
      }
      expect([...events, ...decoder.finish()]).toEqual(expected);
      if (size === body.length) expect(pushes).toEqual([sent.length]);
    }
  });

  it('tells a body that ends inside a message as an error, and refuses a message length no event stream has', () => {
    const codec = new EventStreamCodec(toUtf8, fromUtf8);
    const message = codec.encode({ headers: { ':message-type': { type: 'string', value: 'event' } }, body: fromUtf8('{"bytes":""}') });
    const cut = bedrockAdapter.createEventDecoder();
    expect(cut.push(message.subarray(0, message.length - 3))).toEqual([]);
    expect(cut.finish()).toEqual([{ name: 'error', data: { type: 'error', error: { type: 'api_error', message: expect.stringMatching(/ended inside/) } } }]);
    const corrupt = Buffer.from(message);
    corrupt.writeUInt32BE(0xffffffff, 0);
    expect(() => bedrockAdapter.createEventDecoder().push(corrupt)).toThrow(/not an event-stream message/);
  });

  it('maps Bedrock exceptions to Anthropic error types, keeping their name and message', () => {
    const denied = bedrockAdapter.mapError(403, JSON.stringify({ message: 'The security token included in the request is invalid.' }), {
      'x-amzn-errortype': 'UnrecognizedClientException:http://internal.amazon.com/coral/com.amazon.coral.service/',
    });
    expect(denied).toMatchObject({ status: 403, errorType: 'authentication_error', message: 'UnrecognizedClientException: The security token included in the request is invalid.' });
    expect(bedrockAdapter.mapError(429, '{"message":"slow down"}', { 'x-amzn-errortype': 'ThrottlingException' })).toMatchObject({ errorType: 'rate_limit_error' });
    expect(bedrockAdapter.mapError(500, 'oops')).toMatchObject({ message: 'bad response status code 500', errorType: 'api_error' });
  });
});
