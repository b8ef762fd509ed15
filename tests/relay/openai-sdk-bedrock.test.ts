// The official OpenAI SDK against Claude on AWS Bedrock (type 33) through the whole stack: the
// shared Claude-upstream suite (chat, streaming, tools, images, thinking, errors, cut and aborted
// streams, exact quota), plus what only Bedrock gets: SigV4 signing, the Bedrock model id in the
// path, Bedrock's body (`anthropic_version`, no `model` or `stream`), and a wrong secret that
// surfaces as an authentication error and auto-disables the channel.
import { InternalServerError } from 'openai';
import { eventually } from '../support/relay-fixtures';
import { AWS_KEY_ID, BEDROCK_UPSTREAM, claudeQuota, collect, expectNothingCharged, failure } from './openai-sdk-claude-support';
import { DEFAULT_MAX_TOKENS, describeOpenAISdkOnClaude, GROUP, INITIAL_QUOTA } from './openai-sdk-claude-suite';

jest.setTimeout(30_000);

const SONNET = 'claude-3-5-sonnet-20241022';
const SONNET_37 = 'claude-3-7-sonnet-20250219';
const WRONG_SECRET_MODEL = 'bedrock-wrong-secret';
/** `claude-3*` names have a locked completion ratio of 5; ModelRatio 1.5, CacheRatio 0.1, group vip 1.5. */
const SONNET_PRICES = { modelRatio: 1.5, completionRatio: 5, cacheRatio: 0.1, groupRatio: 1.5 };
const HELLO = [{ role: 'user' as const, content: 'Say hello.' }];
const HELLO_WIRE = [{ role: 'user', content: [{ type: 'text', text: 'Say hello.' }] }];

let claudeChannel: number;
let wrongSecretChannel: number;

describeOpenAISdkOnClaude(
  BEDROCK_UPSTREAM,
  {
    modelRatio: { [SONNET]: 1.5, [SONNET_37]: 1.5, [WRONG_SECRET_MODEL]: 1 },
    cacheRatio: { [SONNET]: 0.1, [SONNET_37]: 0.1 },
    options: { AutomaticDisableChannelEnabled: 'true' },
    async seed({ stack }) {
      claudeChannel = await stack.seedChannel({
        type: 33,
        baseUrl: stack.fake.url,
        key: BEDROCK_UPSTREAM.key,
        models: [SONNET, SONNET_37],
        groups: [GROUP],
        autoBan: false,
      });
      wrongSecretChannel = await stack.seedChannel({
        type: 33,
        baseUrl: stack.fake.url,
        key: `${AWS_KEY_ID}|not-the-secret|us-east-1`,
        models: [WRONG_SECRET_MODEL],
        groups: [GROUP],
      });
      return [SONNET, SONNET_37, WRONG_SECRET_MODEL];
    },
  },
  (context) => {
    it("invokes the catalogue's Bedrock model id for a Claude name, SigV4-signed, with Bedrock's body", async () => {
      const { stack } = context;
      const user = await context.newUser();
      const tokens = { promptTokens: 20, completionTokens: 10, cachedTokens: 4, cacheCreationTokens: 2 };
      stack.fake.program({ model: /claude-3/ }, tokens);
      const client = context.client(user);

      const completion = await client.chat.completions.create({ model: SONNET, messages: HELLO });
      expect(completion).toMatchObject({
        model: SONNET,
        choices: [{ message: { role: 'assistant', content: 'Hello from the fake upstream.' }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 26, completion_tokens: 10, total_tokens: 36, prompt_tokens_details: { cached_tokens: 4 } },
      });
      expect(completion.id).toMatch(/^chatcmpl-msg_bdrk_/);
      const chunks = await collect(
        await client.chat.completions.create({ model: SONNET, messages: HELLO, stream: true, stream_options: { include_usage: true } }),
      );
      expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('Hello from the fake upstream.');
      expect(chunks.at(-1)!.usage).toMatchObject({ prompt_tokens: 26, completion_tokens: 10, prompt_tokens_details: { cached_tokens: 4 } });
      // A model Bedrock serves only through an inference profile: the region's (us.) profile.
      await client.chat.completions.create({ model: SONNET_37, messages: HELLO });

      const id = 'anthropic.claude-3-5-sonnet-20241022-v2:0';
      expect(stack.fake.requests.map((r) => [r.path, r.model, r.stream])).toEqual([
        [`/model/${encodeURIComponent(id)}/invoke`, id, false],
        [`/model/${encodeURIComponent(id)}/invoke-with-response-stream`, id, true],
        [`/model/${encodeURIComponent(`us.anthropic.${SONNET_37}-v1:0`)}/invoke`, `us.anthropic.${SONNET_37}-v1:0`, false],
      ]);
      for (const request of stack.fake.requests) {
        expect(request.body).toEqual({ anthropic_version: 'bedrock-2023-05-31', messages: HELLO_WIRE, max_tokens: DEFAULT_MAX_TOKENS });
        expect(request.apiKey).toBe(AWS_KEY_ID);
        expect(request.headers['authorization']).toMatch(
          new RegExp(`^AWS4-HMAC-SHA256 Credential=${AWS_KEY_ID}/\\d{8}/us-east-1/bedrock/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$`),
        );
        expect(request.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
        expect(request.headers['x-api-key']).toBeUndefined();
        expect(request.headers['anthropic-version']).toBeUndefined();
      }

      // trunc((20 + 4 × 0.1 + 2 × 1.25 + 10 × 5) × 1.5 × 1.5) = trunc(72.9 × 2.25) = trunc(164.025) = 164
      expect(claudeQuota({ input: 20, cacheRead: 4, write5m: 2, output: 10 }, SONNET_PRICES)).toBe(164);
      const logs = await stack.waitForLogs(user.userId, 3);
      expect(logs.map((l) => [l.model, l.channelId, l.isStream, l.quota])).toEqual([
        [SONNET, claudeChannel, false, 164],
        [SONNET, claudeChannel, true, 164],
        [SONNET_37, claudeChannel, false, 164],
      ]);
      expect(logs[0]!.other).toMatchObject({ claude: true, completion_ratio: 5, model_ratio: 1.5, cache_tokens: 4, cache_creation_tokens_5m: 2 });
    });

    it("a wrong secret surfaces as the gateway's fault (502), not the client's key, and with auto-disable on the channel is disabled", async () => {
      const { stack } = context;
      const user = await context.newUser();
      const client = context.client(user);
      const error = await failure(client.chat.completions.create({ model: WRONG_SECRET_MODEL, messages: HELLO }));
      // AWS answers a bad signature with 403 InvalidSignatureException: the gateway's credentials.
      expect(error).toBeInstanceOf(InternalServerError);
      expect(error.status).toBe(502);
      expect(error.error).toEqual({
        message: expect.stringMatching(/rejected the gateway's credentials for this channel \(HTTP 403\)/),
        type: 'upstream_error',
        param: null,
        code: 'upstream_auth_failed',
      });
      expect(stack.fake.requests.map((r) => [r.path, r.apiKey])).toEqual([[`/model/${WRONG_SECRET_MODEL}/invoke`, AWS_KEY_ID]]);

      const disabled = await eventually(async () => {
        const [row] = await stack.sql(`SELECT status, other_info FROM channels WHERE id = $1`, [wrongSecretChannel]);
        return Number(row.status) === 3;
      }, 5_000);
      expect(disabled).toBe(true);
      const [row] = await stack.sql(`SELECT other_info FROM channels WHERE id = $1`, [wrongSecretChannel]);
      expect(JSON.parse(row.other_info).status_reason).toContain('InvalidSignatureException');
      // The channel left routing: the model no longer routes (503), and nothing reaches the upstream.
      const routed = await eventually(async () => {
        const next = await failure(client.chat.completions.create({ model: WRONG_SECRET_MODEL, messages: HELLO }));
        return next instanceof InternalServerError && next.status === 503;
      }, 5_000);
      expect(routed).toBe(true);
      expect(stack.fake.requests).toHaveLength(1);
      // The channels with the right secret were never touched.
      const statuses = await stack.sql(`SELECT id, status FROM channels WHERE id = ANY($1) ORDER BY id`, [[context.channelId, claudeChannel]]);
      expect(statuses.map((s) => Number(s.status))).toEqual([1, 1]);
      await expectNothingCharged(stack, user, INITIAL_QUOTA, async () => {
        const ok = await client.chat.completions.create({ model: SONNET, messages: HELLO }).withResponse();
        return ok.response.headers.get('x-request-id');
      });
    });
  },
);
