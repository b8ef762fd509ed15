import { buildPriceTable } from '@modelgate/pricing';
import { ModelPriceError } from '../pipeline/pricing-step';
import { priceRealtime, realtimeUsageRecord } from './realtime-pricing';

const table = buildPriceTable({
  ModelRatio: JSON.stringify({ 'gpt-4o-realtime-preview': 2.5, 'gpt-4o-realtime-preview-2024-12-17': 2.5, 'gpt-4o-mini-realtime-preview': 0.3 }),
  CompletionRatio: JSON.stringify({ 'gpt-4o-realtime-preview': 4, 'gpt-4o-realtime-preview-2024-12-17': 4, 'gpt-4o-mini-realtime-preview': 4 }),
  GroupRatio: JSON.stringify({ default: 1, vip: 2 }),
  QuotaPerUnit: '500000',
  PreConsumedQuota: '500',
});

const usage = { inputTokens: 110, outputTokens: 60, textInputTokens: 100, audioInputTokens: 10, cachedTokens: 0, textOutputTokens: 20, audioOutputTokens: 40 };
const context = {
  requestId: 'hold-1',
  userId: 7,
  tokenId: 9,
  group: 'vip',
  channelId: 3,
  usedChannels: [1, 3],
  upstreamModel: 'gpt-4o-realtime-preview',
  startedAt: 1_700_000_000_000,
  firstResponseAt: 1_700_000_000_250,
  reserved: 2500,
  leaseId: 'lease:abc',
};

describe('priceRealtime', () => {
  it('holds PreConsumedQuota tokens at the model and group ratio for each response', () => {
    expect(priceRealtime(table, 'gpt-4o-realtime-preview', 'vip', 1, 500).estimate).toBe(500 * 2.5 * 2);
  });

  it('refuses a model without price or ratio', () => {
    expect(() => priceRealtime(table, 'unpriced-realtime', 'default', 1, 500)).toThrow(ModelPriceError);
  });
});

describe('realtimeUsageRecord', () => {
  it('prices text and audio with the audio formula: AudioRatio 20, audio output × 2 more', () => {
    const { pricing } = priceRealtime(table, 'gpt-4o-realtime-preview', 'vip', 1, 500);
    const record = realtimeUsageRecord(pricing, usage, context, context.startedAt + 3_000);
    // (100 + 20 × 4 + 10 × 20 + 40 × 20 × 2) × 2.5 × 2
    expect(record.quota).toBe((100 + 80 + 200 + 1600) * 5);
    expect(record).toMatchObject({
      requestId: 'hold-1',
      userId: 7,
      tokenId: 9,
      channelId: 3,
      group: 'vip',
      model: 'gpt-4o-realtime-preview',
      promptTokens: 110,
      completionTokens: 60,
      isStream: true,
      createdAt: 1_700_000_000,
      useTime: 3,
      reserved: 2500,
      leaseId: 'lease:abc',
    });
    expect(record.other).toMatchObject({ ws: true, audio_input: 10, audio_output: 40, text_input: 100, text_output: 20, audio_ratio: 20, audio_completion_ratio: 2, frt: 250, admin_info: { use_channel: ['1', '3'] } });
  });

  it("the reference's audio ratios: 8 for gpt-4o-realtime-preview-2024-12-17, 10/0.6 for the mini models", () => {
    const dated = priceRealtime(table, 'gpt-4o-realtime-preview-2024-12-17', 'default', 1, 500).pricing;
    expect(realtimeUsageRecord(dated, usage, context).quota).toBe((100 + 80 + 10 * 8 + 40 * 8 * 2) * 2.5);
    const mini = priceRealtime(table, 'gpt-4o-mini-realtime-preview', 'default', 1, 500).pricing;
    expect(realtimeUsageRecord(mini, usage, context).other).toMatchObject({ audio_ratio: 10 / 0.6 });
    expect(realtimeUsageRecord(mini, usage, context).quota).toBe(Math.round((100 + 80 + 10 * (10 / 0.6) + 40 * (10 / 0.6) * 2) * 0.3));
  });
});
