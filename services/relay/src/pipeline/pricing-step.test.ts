import { buildPriceTable } from '@modelgate/pricing';
import { parseOpenAIRequest } from '../protocols/openai/inbound';
import type { Usage } from '../protocols/usage';
import type { RelayOptions } from '../state';
import { buildUsageRecord, ModelPriceError, priceRequest, type SettlementContext } from './pricing-step';

const table = buildPriceTable({
  ModelRatio: JSON.stringify({ 'test-model': 2, 'dall-e-3': 20, 'tts-1': 7.5, 'gpt-image-1': 2.5 }),
  CompletionRatio: JSON.stringify({ 'test-model': 3, 'gpt-image-1': 8 }),
  CacheRatio: JSON.stringify({ 'test-model': 0.5 }),
  ModelPrice: JSON.stringify({ 'per-call': 0.02 }),
  GroupRatio: JSON.stringify({ default: 1, vip: 1.5 }),
  QuotaPerUnit: '500000',
  PreConsumedQuota: '500',
});
const options = { priceTable: () => table, preConsumedQuota: () => 500 } as unknown as RelayOptions;

const parseRelayRequest = (endpoint: Parameters<typeof parseOpenAIRequest>[0], body: Buffer, contentType: string) =>
  parseOpenAIRequest(endpoint, body, contentType).summary;
const chat = (body: Record<string, unknown>) =>
  parseRelayRequest('chat/completions', Buffer.from(JSON.stringify(body)), 'application/json');

function usage(prompt: number, completion: number, cached = 0, source: Usage['source'] = 'openai'): Usage {
  return {
    promptTokens: prompt,
    completionTokens: completion,
    totalTokens: prompt + completion,
    cachedTokens: cached,
    cacheWriteTokens: 0,
    cacheWrite1hTokens: 0,
    reasoningTokens: 0,
    promptAudioTokens: 0,
    completionAudioTokens: 0,
    source,
  };
}

const context: SettlementContext = {
  requestId: 'req-1',
  userId: 7,
  tokenId: 9,
  group: 'vip',
  channelId: 3,
  usedChannels: [5, 3],
  upstreamModel: 'test-model',
  startedAt: 1_800_000_000_000,
  firstResponseAt: 1_800_000_000_250,
  reserved: 120,
  leaseId: 'lease:abc',
};

describe('priceRequest', () => {
  it('reserves (prompt + max_tokens) × model ratio × group ratio when max_tokens is set, the prompt sized from the body', () => {
    const request = chat({ model: 'test-model', messages: [{ role: 'user', content: 'hello' }], max_tokens: 100 });
    const counted = jest.spyOn(request, 'promptTokens');
    const priced = priceRequest(request, 'vip', 1, options);
    expect(priced.estimate).toBe(Math.trunc((Math.ceil(request.bodyBytes / 4) + 100) * 2 * 1.5));
    // Nothing was tokenized to reserve: only a request that ends without usage counts its prompt.
    expect(counted).not.toHaveBeenCalled();
    expect(priced.promptTokens()).toBeGreaterThan(0);
  });

  it('reserves PreConsumedQuota tokens plus a size estimate of the body without max_tokens, and the per-call price for priced models', () => {
    const request = chat({ model: 'test-model', messages: [{ role: 'user', content: 'x' }] });
    const plain = priceRequest(request, 'default', 1, options);
    expect(plain.estimate).toBe((Math.ceil(request.bodyBytes / 4) + 500) * 2);
    const perCall = priceRequest(chat({ model: 'per-call', messages: [{ role: 'user', content: 'x' }] }), 'vip', 1, options);
    expect(perCall.estimate).toBe(Math.round(0.02 * 500000 * 1.5));
  });

  it('reserves the whole image price for image generation', () => {
    const request = parseRelayRequest(
      'images/generations',
      Buffer.from(JSON.stringify({ model: 'dall-e-3', prompt: 'cat', n: 2, size: '1024x1024' })),
      'application/json',
    );
    // ratio 20 → $0.05 per image, × 2 images × 500000 quota per USD.
    expect(priceRequest(request, 'default', 1, options).estimate).toBe(50_000);
  });

  it('prices an image edit or variation like a generation, from its multipart fields', () => {
    const boundary = 'b';
    const form = (fields: string) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nPNG\r\n${fields}--${boundary}--\r\n`,
      );
    const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const contentType = `multipart/form-data; boundary=${boundary}`;
    const edit = parseRelayRequest('images/edits', form(field('prompt', 'hat') + field('model', 'dall-e-3') + field('n', '3')), contentType);
    // ratio 20 → $0.05 per image, × 3 images × 500000 × group 1.5.
    expect(priceRequest(edit, 'vip', 1, options).estimate).toBe(112_500);
    const variation = parseRelayRequest('images/variations', form(field('model', 'per-call') + field('size', '256x256')), contentType);
    // $0.02 × 0.4 (256²) × 500000.
    expect(priceRequest(variation, 'default', 1, options).estimate).toBe(4000);
  });

  it('refuses a model with neither price nor ratio with a 400 model_price_error', () => {
    const call = () => priceRequest(chat({ model: 'mystery', messages: [{ role: 'user', content: 'x' }] }), 'default', 1, options);
    expect(call).toThrow(ModelPriceError);
    try {
      call();
    } catch (error) {
      expect((error as ModelPriceError).httpStatus).toBe(400);
    }
  });
});

describe('buildUsageRecord', () => {
  const request = chat({ model: 'test-model', messages: [{ role: 'user', content: 'hello' }], reasoning_effort: 'low' });
  const priced = priceRequest(request, 'vip', 1, options);

  it('charges the upstream usage with cache and completion ratios, keyed by the request id', () => {
    const record = buildUsageRecord(request, priced, { usage: usage(1000, 200, 400) }, context, context.startedAt + 3_400);
    // ((1000 − 400) + 400 × 0.5 + 200 × 3) × 2 × 1.5
    expect(record.quota).toBe(4200);
    expect(record).toMatchObject({
      requestId: 'req-1',
      userId: 7,
      tokenId: 9,
      channelId: 3,
      model: 'test-model',
      group: 'vip',
      promptTokens: 1000,
      completionTokens: 200,
      isStream: false,
      createdAt: 1_800_000_000,
      useTime: 3,
      reserved: 120,
      leaseId: 'lease:abc',
    });
    expect(record.other).toMatchObject({
      model_ratio: 2,
      group_ratio: 1.5,
      completion_ratio: 3,
      cache_tokens: 400,
      cache_ratio: 0.5,
      frt: 250,
      reasoning_effort: 'low',
      admin_info: { use_channel: ['5', '3'] },
    });
    expect(record.other).not.toHaveProperty('is_model_mapped');
    // The log's text is worded by billing from these figures; no note applies here.
    for (const key of ['content', 'zeroTokens', 'requestedModel', 'usageEstimated']) expect(record).not.toHaveProperty(key);
  });

  it('names the log token of a call without a token, and only of one', () => {
    const tokenless = buildUsageRecord(request, priced, { usage: usage(10, 10) }, { ...context, tokenId: 0, tokenName: 'playground' });
    expect(tokenless).toMatchObject({ tokenId: 0, tokenName: 'playground' });
    const withToken = buildUsageRecord(request, priced, { usage: usage(10, 10) }, { ...context, tokenName: 'playground' });
    expect(withToken.tokenId).toBe(9);
    expect(withToken).not.toHaveProperty('tokenName');
  });

  it('records the upstream name of a mapped model while billing the requested one', () => {
    const record = buildUsageRecord(request, priced, { usage: usage(10, 10) }, { ...context, upstreamModel: 'real-model' });
    expect(record.model).toBe('test-model');
    expect(record.other).toMatchObject({ is_model_mapped: true, upstream_model_name: 'real-model' });
  });

  it('counts a stream without usage locally: estimated prompt plus the delivered completion', () => {
    const record = buildUsageRecord(request, priced, { usage: undefined, completionText: 'hello there', toolCalls: 1 }, context);
    expect(record.promptTokens).toBe(priced.promptTokens());
    // "hello there" is 2 tokens, plus 7 for the tool call.
    expect(record.completionTokens).toBe(9);
    expect(record.quota).toBe(Math.round((priced.promptTokens() + 9 * 3) * 2 * 1.5));
    expect(record).toMatchObject({ usageEstimated: true });
    expect(record).not.toHaveProperty('zeroTokens');
  });

  it('charges a Claude upstream with Claude’s formula: cache reads, five-minute and one-hour writes apart', () => {
    const claude: Usage = { ...usage(1000 + 300 + 200 + 100, 50, 300, 'anthropic'), cacheWriteTokens: 200, cacheWrite1hTokens: 100 };
    const record = buildUsageRecord(request, priced, { usage: claude }, context);
    // trunc((1000 + 300 × 0.5 + 200 × 1.25 + 100 × 2 + 50 × 3) × 2 × 1.5) = trunc(1750 × 3) = 5250
    expect(record.quota).toBe(5250);
    expect(record).toMatchObject({ promptTokens: 1000, completionTokens: 50 });
    expect(record.other).toMatchObject({
      claude: true,
      cache_tokens: 300,
      cache_creation_tokens: 300,
      cache_creation_tokens_5m: 200,
      cache_creation_tokens_1h: 100,
      cache_creation_ratio: 1.25,
      cache_creation_ratio_1h: 2,
    });
  });

  it('charges a stream cut before its final usage the reported prompt and the delivered completion', () => {
    const partial = usage(40, 1, 0, 'anthropic');
    const record = buildUsageRecord(request, priced, { usage: partial, usagePartial: true, completionText: 'hello there', toolCalls: 0 }, context);
    // trunc((40 + 2 × 3) × 2 × 1.5) = 138: "hello there" is 2 tokens, more than the 1 reported.
    expect(record).toMatchObject({ promptTokens: 40, completionTokens: 2, quota: 138 });
  });

  it('charges an image by the tokens a ratio-priced model reports, else by its price', () => {
    const boundary = 'i';
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nPNG\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="prompt"\r\n\r\nhat\r\n--${boundary}--\r\n`,
    );
    const edit = parseRelayRequest('images/edits', body, `multipart/form-data; boundary=${boundary}`);
    const pricedEdit = priceRequest(edit, 'default', 1, options);
    // gpt-image-1 at ratio 2.5 and completion ratio 8: (100 + 50 × 8) × 2.5.
    const byTokens = buildUsageRecord(edit, pricedEdit, { usage: usage(100, 50) }, { ...context, group: 'default' });
    expect(byTokens).toMatchObject({ model: 'gpt-image-1', promptTokens: 100, completionTokens: 50, quota: 1250 });
    // No usage reported: the image price, 0.0025 × 2.5 × 500000.
    const byPrice = buildUsageRecord(edit, pricedEdit, { usage: undefined }, { ...context, group: 'default' });
    expect(byPrice.quota).toBe(pricedEdit.estimate);
    expect(byPrice.quota).toBe(3125);
    // A per-call price wins over reported tokens.
    const generation = parseRelayRequest('images/generations', Buffer.from(JSON.stringify({ model: 'per-call', prompt: 'x' })), 'application/json');
    const pricedGeneration = priceRequest(generation, 'default', 1, options);
    const perCall = buildUsageRecord(generation, pricedGeneration, { usage: usage(100, 50) }, { ...context, group: 'default' });
    expect(perCall.quota).toBe(10_000);
  });

  it('charges speech by characters for tts models', () => {
    const speech = parseRelayRequest('audio/speech', Buffer.from(JSON.stringify({ model: 'tts-1', input: 'héllo wörld' })), 'application/json');
    const pricedSpeech = priceRequest(speech, 'default', 1, options);
    const record = buildUsageRecord(speech, pricedSpeech, { usage: undefined }, { ...context, group: 'default' });
    expect(record.promptTokens).toBe(11);
    expect(record.quota).toBe(Math.round(11 * 7.5));
  });

  it('charges a transcription by the audio seconds it reports (1 minute = 1000 tokens)', () => {
    const boundary = 'x';
    const body = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\ntest-model\r\n--${boundary}--\r\n`);
    const stt = parseRelayRequest('audio/transcriptions', body, `multipart/form-data; boundary=${boundary}`);
    const pricedStt = priceRequest(stt, 'default', 1, options);
    const record = buildUsageRecord(stt, pricedStt, { usage: undefined, audioSeconds: 30 }, { ...context, group: 'default' });
    expect(record.promptTokens).toBe(500);
    expect(record.quota).toBe(1000);
  });
});
