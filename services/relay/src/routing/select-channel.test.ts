import { PermissionDeniedError, UnavailableError, ValidationError } from '@modelgate/runtime';
import { buildChannelSnapshot } from './channel-snapshot';
import { abilitiesOf, channelRow, seededRandom } from './routing-fixtures.test-support';
import { pickChannel, resolvePinnedChannel, routingModelName, selectChannel } from './select-channel';

const constant = (value: number) => () => value;

/** Tier p10: #1 (weight 0), #2 (weight 10), #3 (weight 30); tier p0: #4 — all serve default/gpt-4o. */
const weighted = buildChannelSnapshot(
  [
    channelRow(1, { priority: 10, weight: 0 }),
    channelRow(2, { priority: 10, weight: 10 }),
    channelRow(3, { priority: 10, weight: 30 }),
    channelRow(4, { priority: 0, weight: 1000 }),
  ],
  [1, 2, 3, 4].flatMap((id) => abilitiesOf(id, ['default'], ['gpt-4o'])),
);

/** Three tiers: p10 {#1, #2}, p5 {#3}, p0 {#4, #5}. */
const tiered = buildChannelSnapshot(
  [
    channelRow(1, { priority: 10 }),
    channelRow(2, { priority: 10 }),
    channelRow(3, { priority: 5 }),
    channelRow(4, { priority: 0 }),
    channelRow(5, { priority: 0 }),
  ],
  [1, 2, 3, 4, 5].flatMap((id) => abilitiesOf(id, ['default'], ['m'])),
);

describe('pickChannel: priority tiers', () => {
  it('uses only the highest tier on the first attempt, whatever the weights below', () => {
    const random = seededRandom(7);
    const picked = new Set<number>();
    for (let i = 0; i < 2000; i++) picked.add(pickChannel(weighted, { group: 'default', model: 'gpt-4o', attempt: 0 }, random)!.id);
    expect([...picked].sort()).toEqual([1, 2, 3]);
  });

  it('draws by (weight + 10): smoothed weights 10, 20, 40 of 70 split the range [0, 1)', () => {
    const pick = (r: number) => pickChannel(weighted, { group: 'default', model: 'gpt-4o', attempt: 0 }, constant(r))!.id;
    expect(pick(0)).toBe(1);
    expect(pick(9.99 / 70)).toBe(1);
    expect(pick(10 / 70)).toBe(2);
    expect(pick(29.99 / 70)).toBe(2);
    expect(pick(30 / 70)).toBe(3);
    expect(pick(0.999999)).toBe(3);
    expect(pick(1)).toBe(3); // a source returning 1 still picks someone
  });

  it('gives each channel its share of many seeded draws, within 1 %', () => {
    const random = seededRandom(20250101);
    const draws = 70_000;
    const counts = new Map<number, number>();
    for (let i = 0; i < draws; i++) {
      const id = pickChannel(weighted, { group: 'default', model: 'gpt-4o', attempt: 0 }, random)!.id;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    // Expected shares: 10/70, 20/70, 40/70.
    expect(Math.abs(counts.get(1)! / draws - 1 / 7)).toBeLessThan(0.01);
    expect(Math.abs(counts.get(2)! / draws - 2 / 7)).toBeLessThan(0.01);
    expect(Math.abs(counts.get(3)! / draws - 4 / 7)).toBeLessThan(0.01);
    expect(counts.get(4)).toBeUndefined();
  });

  it('never picks a channel already tried, and re-weighs the rest', () => {
    const tried = new Set([3]);
    const pick = (r: number) => pickChannel(weighted, { group: 'default', model: 'gpt-4o', attempt: 0, tried }, constant(r))!.id;
    // Untried weights 10 and 20 of 30.
    expect(pick(9.99 / 30)).toBe(1);
    expect(pick(10 / 30)).toBe(2);
    const random = seededRandom(3);
    for (let i = 0; i < 1000; i++) {
      expect(pickChannel(weighted, { group: 'default', model: 'gpt-4o', attempt: 0, tried }, random)!.id).not.toBe(3);
    }
  });

  it("moves down one tier per retry, as the reference's RetryTimes does, clamped to the lowest", () => {
    const at = (attempt: number) => pickChannel(tiered, { group: 'default', model: 'm', attempt }, constant(0))!.id;
    expect(at(0)).toBe(1);
    expect(at(1)).toBe(3);
    expect(at(2)).toBe(4);
    expect(at(7)).toBe(4);
  });

  it('looks lower, then higher, when the indexed tier has only tried channels', () => {
    const pick = (attempt: number, tried: number[]) =>
      pickChannel(tiered, { group: 'default', model: 'm', attempt, tried: new Set(tried) }, constant(0))?.id;
    expect(pick(1, [3])).toBe(4); // p5 used up → p0
    expect(pick(3, [4, 5])).toBe(3); // p0 used up, nothing lower → p5
    expect(pick(4, [1, 3, 4, 5])).toBe(2); // → p10
    expect(pick(5, [1, 2, 3, 4, 5])).toBeUndefined();
  });

  it('walks a whole retry loop without trying any channel twice', () => {
    const random = seededRandom(99);
    for (let run = 0; run < 200; run++) {
      const tried = new Set<number>();
      const priorities: number[] = [];
      for (let attempt = 0; attempt <= 4; attempt++) {
        const channel = pickChannel(tiered, { group: 'default', model: 'm', attempt, tried }, random)!;
        expect(tried.has(channel.id)).toBe(false);
        tried.add(channel.id);
        priorities.push(channel.priority);
      }
      expect(tried.size).toBe(5);
      expect(priorities.slice(0, 3)).toEqual([10, 5, 0]);
      expect(pickChannel(tiered, { group: 'default', model: 'm', attempt: 5, tried }, random)).toBeUndefined();
    }
  });

  it('routes custom GPTs under the wildcard names', () => {
    expect(routingModelName('gpt-4-gizmo-g-abc')).toBe('gpt-4-gizmo-*');
    expect(routingModelName('gpt-4o-gizmo-g-abc')).toBe('gpt-4o-gizmo-*');
    expect(routingModelName('gpt-4o')).toBe('gpt-4o');
    const snapshot = buildChannelSnapshot([channelRow(1)], abilitiesOf(1, ['default'], ['gpt-4-gizmo-*']));
    expect(pickChannel(snapshot, { group: 'default', model: 'gpt-4-gizmo-g-xyz', attempt: 0 })?.id).toBe(1);
  });
});

describe('selectChannel', () => {
  it("answers 503 with the reference's message when no channel serves the pair", () => {
    const call = () => selectChannel(tiered, { group: 'vip', model: 'gpt-9', attempt: 0 });
    expect(call).toThrow(UnavailableError);
    expect(call).toThrow('当前分组 vip 下对于模型 gpt-9 无可用渠道');
    try {
      call();
    } catch (error) {
      expect(error).toMatchObject({ httpStatus: 503, code: 'no_available_channel' });
    }
  });

  it('returns the picked channel otherwise', () => {
    expect(selectChannel(tiered, { group: 'default', model: 'm', attempt: 0 }, constant(0.99)).id).toBe(2);
  });
});

describe('channels that cannot serve the request', () => {
  /** #1 an OpenAI channel (p0), #2 a Claude channel (p10), #3 a Gemini channel (not served), all listing m. */
  const mixed = buildChannelSnapshot(
    [channelRow(1), channelRow(2, { type: 14, priority: 10 }), channelRow(3, { type: 11, priority: 20 })],
    [1, 2, 3].flatMap((id) => abilitiesOf(id, ['default'], ['m'])),
  );
  const onlyOpenAI = (channel: { type: number }) => channel.type === 1;

  it('are never routed to, even from a higher tier, and a channel of a type not served never at all', () => {
    expect(mixed.tiers('default', 'm').map((tier) => tier.members.map((member) => member.channel.id))).toEqual([[2], [1]]);
    expect(mixed.channel(3)?.served).toBe(false);
    expect(pickChannel(mixed, { group: 'default', model: 'm', attempt: 0, accepts: onlyOpenAI })?.id).toBe(1);
  });

  it('make the request a clear 400 when every channel of the model is one of them', () => {
    const none = () => false;
    const call = () => selectChannel(mixed, { group: 'default', model: 'm', attempt: 0, accepts: none });
    expect(call).toThrow(ValidationError);
    expect(call).toThrow(/model m has no channel in group default that serves this request/);
    expect(() => selectChannel(mixed, { group: 'vip', model: 'm', attempt: 0, accepts: none })).toThrow(UnavailableError);
  });

  it('cannot be pinned for it', () => {
    expect(() => resolvePinnedChannel(mixed, '2', 'm', onlyOpenAI)).toThrow(/channel #2 cannot serve this request/);
    expect(resolvePinnedChannel(mixed, '1', 'm', onlyOpenAI).id).toBe(1);
  });
});

describe('resolvePinnedChannel', () => {
  const snapshot = buildChannelSnapshot(
    [channelRow(1, { priority: -100 }), channelRow(2, { status: 3 }), channelRow(3)],
    [
      ...abilitiesOf(1, ['vip'], ['gpt-4o', 'gpt-4-gizmo-*']),
      ...abilitiesOf(2, ['default'], ['gpt-4o']),
      ...abilitiesOf(3, ['default'], ['gpt-4o']),
    ],
  );

  it('bypasses groups, priorities and weights', () => {
    expect(resolvePinnedChannel(snapshot, '1', 'gpt-4o').id).toBe(1);
    expect(resolvePinnedChannel(snapshot, '1', 'gpt-4-gizmo-g-1').id).toBe(1);
  });

  it.each([
    ['abc', ValidationError, 400, '无效的渠道 Id'],
    ['1.5', ValidationError, 400, '无效的渠道 Id'],
    ['', ValidationError, 400, '无效的渠道 Id'],
    ['404', ValidationError, 400, '无效的渠道 Id'],
    ['2', PermissionDeniedError, 403, '该渠道已被禁用'],
  ])('refuses channel id %p', (id, errorClass, status, message) => {
    expect(() => resolvePinnedChannel(snapshot, id, 'gpt-4o')).toThrow(errorClass);
    expect(() => resolvePinnedChannel(snapshot, id, 'gpt-4o')).toThrow(message);
    try {
      resolvePinnedChannel(snapshot, id, 'gpt-4o');
    } catch (error) {
      expect((error as { httpStatus: number }).httpStatus).toBe(status);
    }
  });

  it('refuses a model the channel does not serve', () => {
    expect(() => resolvePinnedChannel(snapshot, '3', 'claude-3')).toThrow(ValidationError);
    expect(() => resolvePinnedChannel(snapshot, '3', 'claude-3')).toThrow('渠道 #3 不支持模型 claude-3');
  });
});
