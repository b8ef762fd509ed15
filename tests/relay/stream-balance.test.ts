// A streamed answer whose running cost outgrows the caller's balance: the relay stops relaying,
// ends the stream with the client protocol's own error event (OpenAI chat and Responses, Anthropic,
// Gemini — through their official SDKs), closes the upstream, and charges what was delivered.
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import { type RelayStack, startRelayStack } from '../support/relay-stack';
import { eventually } from '../support/relay-fixtures';

jest.setTimeout(60_000);

const MODEL = 'budget-model';
/** 600 chunks of 100 characters: far more than the balance covers. */
const CHUNKS = 600;
const TEXT = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore '.repeat(CHUNKS);
/** Covers the reservation and the first extra hold, not the second (docs/adr/0025). */
const BALANCE = 3_000;

describe('a stream the balance no longer covers', () => {
  let stack: RelayStack;

  beforeAll(async () => {
    stack = await startRelayStack();
    await stack.setOptions({ ModelRatio: JSON.stringify({ [MODEL]: 1 }), CompletionRatio: JSON.stringify({ [MODEL]: 1 }), RetryTimes: '0' });
    await stack.seedChannel({ type: 1, baseUrl: stack.fake.url, key: 'sk-budget', models: [MODEL], autoBan: false });
    const probe = await stack.userWithToken(1e9);
    await stack.waitForModels(probe.apiKey, [MODEL]);
  });
  afterAll(() => stack?.stop());

  /** Streams with a fresh user of {@link BALANCE}; returns the text received and the error the SDK raised. */
  async function cutStream(read: (apiKey: string, text: string[]) => Promise<void>) {
    const user = await stack.userWithToken(BALANCE);
    const before = stack.fake.requests.length;
    stack.fake.program({ model: MODEL }, { text: TEXT, chunks: CHUNKS, chunkDelayMs: 1 }, { times: 1 });
    const text: string[] = [];
    const error = await read(user.apiKey, text).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    const [log] = await stack.waitForLogs(user.userId, 1);
    const upstream = stack.fake.requests[before]!;
    // The upstream was closed early: it never got to write the whole answer.
    expect(await eventually(() => upstream.chunksSent < CHUNKS)).toBe(true);
    return { received: text.join(''), error, log: log!, user };
  }

  function expectCharged(received: string, log: { quota: number; completionTokens: number; isStream: boolean }) {
    expect(received.length).toBeGreaterThan(1_000);
    expect(received.length).toBeLessThan(TEXT.length / 2);
    expect(log.isStream).toBe(true);
    // Charged for what was delivered: more than nothing, far less than the whole answer.
    expect(log.completionTokens).toBeGreaterThan(100);
    expect(log.completionTokens).toBeLessThan(TEXT.length / 8);
    expect(log.quota).toBeGreaterThan(log.completionTokens);
  }

  it('ends an OpenAI chat stream with an error chunk and charges what was delivered', async () => {
    const { received, error, log, user } = await cutStream(async (apiKey, text) => {
      const stream = await stack.openai(apiKey).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Talk.' }], stream: true });
      for await (const chunk of stream) text.push(chunk.choices[0]?.delta.content ?? '');
    });
    expect(error?.message).toContain('balance no longer covers it');
    expectCharged(received, log);
    // The extra holds are given back: nothing of the user's stays reserved for this answer.
    expect(await eventually(async () => (await stack.balances(user.userId)).usedQuota === log.quota)).toBe(true);
  });

  it('ends an OpenAI Responses stream with an error event', async () => {
    const { received, error, log } = await cutStream(async (apiKey, text) => {
      const stream = await stack.openai(apiKey).responses.create({ model: MODEL, input: 'Talk.', stream: true });
      for await (const event of stream) {
        if (event.type === 'response.output_text.delta') text.push(event.delta);
        // The SDK hands the Responses API's `error` event to the application as an event.
        if (event.type === 'error') throw new Error(event.message);
      }
    });
    expect(error?.message).toContain('balance no longer covers it');
    expectCharged(received, log);
  });

  it('ends an Anthropic stream with an error event', async () => {
    const { received, error, log } = await cutStream(async (apiKey, text) => {
      const client = new Anthropic({ baseURL: stack.url, apiKey, maxRetries: 0 });
      const stream = await client.messages.create({ model: MODEL, max_tokens: 500, messages: [{ role: 'user', content: 'Talk.' }], stream: true });
      for await (const event of stream) if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') text.push(event.delta.text);
    });
    expect(error?.message).toContain('balance no longer covers it');
    expectCharged(received, log);
  });

  it('ends a Gemini stream with its error object', async () => {
    const { received, error, log } = await cutStream(async (apiKey, text) => {
      const gemini = new GoogleGenAI({ apiKey, httpOptions: { baseUrl: stack.url, apiVersion: 'v1beta' } });
      const stream = await gemini.models.generateContentStream({ model: MODEL, contents: 'Talk.' });
      for await (const chunk of stream) text.push(chunk.text ?? '');
    });
    expect(error?.message).toContain('balance no longer covers it');
    expectCharged(received, log);
  });
});
