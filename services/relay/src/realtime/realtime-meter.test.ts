import type { UsageRecord } from '@modelgate/contracts/bus';
import { buildPriceTable } from '@modelgate/pricing';
import { createLogger, QuotaExceededError } from '@modelgate/runtime';
import type { Admission, AdmissionRequest } from '../admission';
import { RealtimeMeter } from './realtime-meter';
import { priceRealtime } from './realtime-pricing';

const table = buildPriceTable({ ModelRatio: JSON.stringify({ 'rt-model': 2 }), GroupRatio: JSON.stringify({ default: 1 }), QuotaPerUnit: '500000' });
const price = priceRealtime(table, 'rt-model', 'default', 1, 100);
const caller = { userId: 5, tokenId: 6, tokenUnlimited: false, group: 'default', channelId: 2, usedChannels: [1, 2], upstreamModel: 'rt-upstream' };
const usage = { inputTokens: 10, outputTokens: 5, textInputTokens: 10, audioInputTokens: 0, cachedTokens: 0, textOutputTokens: 5, audioOutputTokens: 0 };

/** An admitter that grants holds from a balance and records refunds. */
function fakeAdmitter(balance: number) {
  const admitted: AdmissionRequest[] = [];
  const refunded: Array<[string, Admission]> = [];
  return {
    admitted,
    refunded,
    async admit(request: AdmissionRequest): Promise<Admission> {
      if (balance < request.estimate) throw new QuotaExceededError('user quota is not enough', { code: 'insufficient_user_quota' });
      balance -= request.estimate;
      admitted.push(request);
      return { reserved: request.estimate, leaseId: 'lease:1' };
    },
    async refund(requestId: string, admission: Admission) {
      refunded.push([requestId, admission]);
    },
  };
}

async function meterWith(balance: number) {
  const admitter = fakeAdmitter(balance);
  const records: UsageRecord[] = [];
  const hints = async () => ({ userQuota: 1_000_000, tokenRemain: 1_000_000 });
  const first = await RealtimeMeter.admitFirst(admitter, price, caller, await hints());
  const meter = new RealtimeMeter({ admitter, usage: { add: (record) => records.push(record) }, logger: createLogger({ service: 'test', level: 'silent' }), hints }, price, caller, first);
  return { admitter, records, meter, first };
}

describe('RealtimeMeter', () => {
  it('charges each response.done as its own record against the hold, and holds the next response', async () => {
    const { admitter, records, meter, first } = await meterWith(10_000);
    expect(first.admission).toEqual({ reserved: 200, leaseId: 'lease:1' });
    expect(await meter.responseDone({ responseId: 'r1', usage })).toBeUndefined();
    expect(await meter.responseDone({ responseId: 'r2', usage })).toBeUndefined();
    expect(records.map((record) => [record.requestId, record.quota, record.reserved, record.leaseId])).toEqual([
      [first.requestId, (10 + 5) * 2, 200, 'lease:1'],
      [admitter.admitted[1]!.requestId, 30, 200, 'lease:1'],
    ]);
    expect(records[0]).toMatchObject({ userId: 5, tokenId: 6, channelId: 2, model: 'rt-model', other: { ws: true, upstream_model_name: 'rt-upstream' } });
    expect(admitter.admitted).toHaveLength(3);
    await meter.end();
    expect(admitter.refunded).toEqual([[admitter.admitted[2]!.requestId, { reserved: 200, leaseId: 'lease:1' }]]);
  });

  it('a response without usage is not charged and keeps its hold', async () => {
    const { admitter, records, meter } = await meterWith(10_000);
    expect(await meter.responseDone({ responseId: 'r1', usage: undefined })).toBeUndefined();
    expect(records).toEqual([]);
    expect(admitter.admitted).toHaveLength(1);
  });

  it('hands back the refusal when the balance no longer covers another response; nothing is left to refund', async () => {
    const { admitter, records, meter } = await meterWith(300);
    const refusal = await meter.responseDone({ responseId: 'r1', usage });
    expect(refusal).toBeInstanceOf(QuotaExceededError);
    expect(records).toHaveLength(1);
    await meter.end();
    expect(admitter.refunded).toEqual([]);
  });
});
