import { buildChannelSnapshot } from './channel-snapshot';
import { abilitiesOf, channelRow, seededRandom } from './routing-fixtures.test-support';
import type { AbilityRow, ChannelRow, ChannelSnapshot } from './channel-snapshot';

/** Tiers as [priority, [[channel id, smoothed weight], …]] for compact expectations. */
function tierShape(snapshot: ReturnType<typeof buildChannelSnapshot>, group: string, model: string) {
  return snapshot.tiers(group, model).map((tier) => [tier.priority, tier.members.map((m) => [m.channel.id, m.weight])]);
}

describe('buildChannelSnapshot', () => {
  it('indexes (group, model) into priority tiers, highest first, members by id with weight + 10', () => {
    const snapshot = buildChannelSnapshot(
      [
        channelRow(3, { priority: 0, weight: 5 }),
        channelRow(1, { priority: 10, weight: 0 }),
        channelRow(2, { priority: 10, weight: 30 }),
        channelRow(4, { priority: -5, weight: 1 }),
      ],
      [
        ...abilitiesOf(3, ['default'], ['gpt-4o']),
        ...abilitiesOf(2, ['default'], ['gpt-4o']),
        ...abilitiesOf(1, ['default'], ['gpt-4o']),
        ...abilitiesOf(4, ['default'], ['gpt-4o']),
      ],
    );
    expect(tierShape(snapshot, 'default', 'gpt-4o')).toEqual([
      [10, [[1, 10], [2, 40]]],
      [0, [[3, 15]]],
      [-5, [[4, 11]]],
    ]);
    expect(snapshot.problems).toEqual([]);
  });

  it('keeps groups and models apart', () => {
    const snapshot = buildChannelSnapshot(
      [channelRow(1), channelRow(2)],
      [...abilitiesOf(1, ['default', 'vip'], ['a']), ...abilitiesOf(2, ['vip'], ['a', 'b'])],
    );
    expect(tierShape(snapshot, 'default', 'a')).toEqual([[0, [[1, 10]]]]);
    expect(tierShape(snapshot, 'vip', 'a')).toEqual([[0, [[1, 10], [2, 10]]]]);
    expect(tierShape(snapshot, 'vip', 'b')).toEqual([[0, [[2, 10]]]]);
    expect(tierShape(snapshot, 'default', 'b')).toEqual([]);
    expect(tierShape(snapshot, 'nobody', 'a')).toEqual([]);
  });

  it('routes only to channels whose ability and status are both enabled', () => {
    const snapshot = buildChannelSnapshot(
      [channelRow(1), channelRow(2, { status: 2 }), channelRow(3, { status: 3 }), channelRow(4)],
      [
        ...abilitiesOf(1, ['default'], ['m']),
        ...abilitiesOf(2, ['default'], ['m']),
        ...abilitiesOf(3, ['default'], ['m']),
        ...abilitiesOf(4, ['default'], ['m'], false),
      ],
    );
    expect(tierShape(snapshot, 'default', 'm')).toEqual([[0, [[1, 10]]]]);
    // Disabled channels stay visible by id (pinning reports them as disabled, not unknown).
    expect(snapshot.channel(2)?.enabled).toBe(false);
    expect(snapshot.channel(3)?.enabled).toBe(false);
    expect(snapshot.channel(4)?.enabled).toBe(true);
    expect(snapshot.channel(99)).toBeUndefined();
  });

  it('parses the JSON columns once and exposes the row', () => {
    const row = channelRow(7, {
      model_mapping: '{"gpt-4":"gpt-4-turbo"}',
      status_code_mapping: '{"429":"500"}',
      auto_ban: 0,
      weight: -3,
    });
    const channel = buildChannelSnapshot([row], abilitiesOf(7, ['default', 'vip'], ['gpt-4', 'gpt-4o'])).channel(7)!;
    expect([...channel.modelMapping]).toEqual([['gpt-4', 'gpt-4-turbo']]);
    expect([...channel.statusCodeMapping]).toEqual([[429, 500]]);
    expect(channel.autoBan).toBe(false);
    expect(channel.weight).toBe(0);
    expect([...channel.models].sort()).toEqual(['gpt-4', 'gpt-4o']);
    expect(channel.row).toBe(row);
  });

  it('reports malformed JSON and unknown channels without failing, and still routes the channel', () => {
    const snapshot = buildChannelSnapshot(
      [channelRow(1, { model_mapping: '{not json', status_code_mapping: '{"429":"ok"}' })],
      [...abilitiesOf(1, ['default'], ['m']), ...abilitiesOf(42, ['default'], ['m'])],
    );
    expect(snapshot.problems).toEqual([
      { channelId: 42, field: 'abilities', message: 'abilities name a channel that does not exist' },
      { channelId: 1, field: 'model_mapping', message: 'model_mapping is not valid JSON' },
      {
        channelId: 1,
        field: 'status_code_mapping',
        message: 'status_code_mapping value of "429" must be a status code 400-599',
      },
    ]);
    expect(snapshot.channel(1)?.modelMapping.size).toBe(0);
    expect(snapshot.channel(1)?.statusCodeMapping.size).toBe(0);
    expect(tierShape(snapshot, 'default', 'm')).toEqual([[0, [[1, 10]]]]);
  });

  it('withChannelStatus takes a disabled channel out of a new snapshot and leaves the old one alone', () => {
    const before = buildChannelSnapshot([channelRow(1), channelRow(2)], [
      ...abilitiesOf(1, ['default'], ['m']),
      ...abilitiesOf(2, ['default'], ['m']),
    ]);
    const after = before.withChannelStatus(1, 3);
    expect(tierShape(after, 'default', 'm')).toEqual([[0, [[2, 10]]]]);
    expect(after.channel(1)?.enabled).toBe(false);
    expect(tierShape(before, 'default', 'm')).toEqual([[0, [[1, 10], [2, 10]]]]);
    expect(after.withChannelStatus(1, 1).tiers('default', 'm')[0]?.members).toHaveLength(2);
  });

  it('is immutable', () => {
    const snapshot = buildChannelSnapshot([channelRow(1)], abilitiesOf(1, ['default'], ['m']));
    const tiers = snapshot.tiers('default', 'm');
    expect(Object.isFrozen(snapshot)).toBe(true);
    expect(Object.isFrozen(tiers)).toBe(true);
    expect(Object.isFrozen(tiers[0]!.members)).toBe(true);
    expect(Object.isFrozen(snapshot.channel(1))).toBe(true);
  });

  describe('withChanges', () => {
    const GROUPS = ['default', 'vip', 'svip'];
    const MODELS = ['a', 'b', 'c', 'd', 'gpt-4-gizmo-x'];

    /** Everything a request or a model list can read, for comparing two snapshots. */
    function view(snapshot: ChannelSnapshot, channelIds: number[]) {
      return {
        tiers: GROUPS.flatMap((group) => MODELS.map((model) => [group, model, tierShape(snapshot, group, model)])),
        models: ['', ...GROUPS].map((group) => snapshot.models(group)),
        known: [...MODELS, 'gpt-4-gizmo-*', 'zzz'].map((model) => snapshot.knowsModel(model)),
        channels: channelIds.map((id) => {
          const channel = snapshot.channel(id);
          return channel && [channel.enabled, channel.priority, [...channel.models].sort()];
        }),
        problems: snapshot.problems,
      };
    }

    /** 300 random changes to channels `ids`, then the result compared with a full build of the final rows. */
    function expectSameAsFullBuild(ids: number[], seed: number) {
      const random = seededRandom(seed);
      const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
      const rows = new Map<number, ChannelRow>();
      const abilities = new Map<number, AbilityRow[]>();
      let snapshot = buildChannelSnapshot([], []);
      for (let step = 0; step < 300; step++) {
        const changed = [pick(ids), ...(random() < 0.3 ? [pick(ids)] : [])];
        for (const id of changed) {
          if (random() < 0.15) {
            rows.delete(id);
            if (random() < 0.5) abilities.delete(id); // sometimes the abilities outlive their channel
            continue;
          }
          rows.set(id, channelRow(id, { status: random() < 0.8 ? 1 : 2, priority: pick([0, 5, 10]), weight: pick([0, 3]) }));
          const groups = GROUPS.filter(() => random() < 0.6);
          const models = MODELS.filter(() => random() < 0.5);
          abilities.set(id, abilitiesOf(id, groups, models, random() < 0.9));
        }
        snapshot = snapshot.withChanges({
          ids: changed,
          rows: changed.flatMap((id) => (rows.has(id) ? [rows.get(id)!] : [])),
          abilities: changed.flatMap((id) => abilities.get(id) ?? []),
        });
      }
      const full = buildChannelSnapshot([...rows.values()], [...abilities.values()].flat());
      expect(view(snapshot, ids)).toEqual(view(full, ids));
      expect(snapshot.channelCount).toBe(rows.size);
      expect(snapshot.enabledCount).toBe([...rows.values()].filter((row) => row.status === 1).length);
      expect(full.enabledCount).toBe(snapshot.enabledCount);
    }

    it('gives the same snapshot as a full build after any sequence of changes', () => {
      expectSameAsFullBuild(
        Array.from({ length: 12 }, (_, i) => i + 1),
        22,
      );
    });

    it('gives the same snapshot as a full build when the changed channels share the maps\' shards', () => {
      // Ids 256 apart fall in one shard of the id-keyed maps: changes there copy a shard others still read.
      expectSameAsFullBuild(
        Array.from({ length: 12 }, (_, i) => 1 + (i % 3) + 256 * Math.floor(i / 3)),
        7,
      );
    });

    it('leaves the snapshot it was made from as it was, and shares the channels it did not touch', () => {
      const before = buildChannelSnapshot([channelRow(1), channelRow(2)], [
        ...abilitiesOf(1, ['default'], ['m']),
        ...abilitiesOf(2, ['default'], ['m', 'n']),
      ]);
      const after = before.withChanges({ ids: [2, 3], rows: [channelRow(3)], abilities: abilitiesOf(3, ['vip'], ['m']) });
      expect(tierShape(after, 'default', 'm')).toEqual([[0, [[1, 10]]]]);
      expect(tierShape(after, 'vip', 'm')).toEqual([[0, [[3, 10]]]]);
      expect(after.models('')).toEqual(['m']);
      expect(after.knowsModel('n')).toBe(false);
      expect(after.channel(1)).toBe(before.channel(1));
      expect(tierShape(before, 'default', 'm')).toEqual([[0, [[1, 10], [2, 10]]]]);
      expect(before.models('default')).toEqual(['m', 'n']);
      expect(before.channel(3)).toBeUndefined();
    });
  });
});
