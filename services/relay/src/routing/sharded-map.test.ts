import { ShardedMap } from './sharded-map';

describe('ShardedMap', () => {
  it('holds many number and string keys, each read back and iterated once', () => {
    const draft = ShardedMap.empty<number | string, string>().draft();
    for (let i = 0; i < 10_000; i++) {
      draft.set(i, `n${i}`);
      draft.set(`scale-${i % 2000}-${i}`, `s${i}`);
    }
    const map = draft.finish();
    expect(map.size).toBe(20_000);
    expect(map.get(9_999)).toBe('n9999');
    expect(map.get('scale-1-2001')).toBe('s2001');
    expect(map.has(10_000)).toBe(false);
    expect(map.get('scale-1-1')).toBe('s1');
    const keys = [...map.keys()];
    expect(new Set(keys).size).toBe(20_000);
    expect([...map]).toHaveLength(20_000);
    expect(new Map([...map]).get(42)).toBe('n42');
  });

  it('makes a new map from a draft and leaves the one it came from as it was', () => {
    const before = ShardedMap.empty<number, string>().draft();
    for (let i = 1; i <= 1_000; i++) before.set(i, `v${i}`);
    const original = before.finish();

    const draft = original.draft();
    draft.set(1, 'changed');
    draft.set(1_001, 'added');
    draft.delete(2);
    expect(draft.get(1)).toBe('changed');
    expect(draft.has(2)).toBe(false);
    expect(draft.size).toBe(1_000);
    const after = draft.finish();

    expect([after.get(1), after.get(1_001), after.has(2), after.get(3), after.size]).toEqual(['changed', 'added', false, 'v3', 1_000]);
    expect([original.get(1), original.has(1_001), original.get(2), original.size]).toEqual(['v1', false, 'v2', 1_000]);
  });

  it('counts a key set twice once, and a delete of a missing key not at all', () => {
    const draft = ShardedMap.empty<string, number>().draft();
    draft.set('a', 1);
    draft.set('a', 2);
    draft.delete('b');
    const map = draft.finish();
    expect([map.size, map.get('a')]).toEqual([1, 2]);
    const emptied = map.draft();
    emptied.delete('a');
    expect(emptied.finish().size).toBe(0);
    expect(emptied.finish()).toBe(emptied.finish());
    expect([...emptied.finish()]).toEqual([]);
  });

  it('finishes a draft that changed nothing as the map it came from', () => {
    const map = ShardedMap.empty<number, string>().draft();
    map.set(7, 'x');
    const original = map.finish();
    const untouched = original.draft();
    untouched.delete(8);
    expect(untouched.finish()).toBe(original);
  });

  it('refuses writes to a draft once finished, so a finished map never changes', () => {
    const draft = ShardedMap.empty<number, string>().draft();
    draft.set(1, 'x');
    const map = draft.finish();
    expect(() => draft.set(2, 'y')).toThrow(/finished draft/);
    expect(() => draft.delete(1)).toThrow(/finished draft/);
    expect([map.size, map.get(1), map.has(2)]).toEqual([1, 'x', false]);
  });
});
