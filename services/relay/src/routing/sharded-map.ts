/**
 * An immutable map kept as shards of native Maps, so that a copy with a few keys changed copies
 * only the shards those keys fall in and shares the rest. The routing snapshot holds maps of
 * 10,000 channels and of every model of a group in it; with plain Maps, one channel's change
 * copied them whole (about 20 ms with 10,000 channels, the event loop held all along). A persistent
 * hash trie library would do the same, but measured here it built maps ten times slower and read
 * them ten times slower than native Maps; a shard is a native Map, so a read costs one native
 * lookup more for a string key (its shard) and a mask for a number.
 */

/** Shards per map: with 10,000 keys, about 40 each, so a change copies about 40 entries. */
const SHARD_BITS = 8;
const SHARD_COUNT = 1 << SHARD_BITS;
const SHARD_MASK = SHARD_COUNT - 1;

/**
 * The shard of each string key ever stored, dealt round-robin (so shards stay even). A native Map
 * lookup finds it: V8 keeps a string's hash with the string, where hashing it in JavaScript on
 * every read cost about 60 ns. Only stored keys are dealt a shard (reads never add one), so this
 * holds each model and group name the process has routed, once.
 */
const stringShards = new Map<string, number>();

/** The shard of a key to read: an integer's low bits, a string's dealt shard (undefined: never stored). */
function shardOf(key: string | number): number | undefined {
  return typeof key === 'number' ? (key >>> 0) & SHARD_MASK : stringShards.get(key);
}

/** The shard of a key to store, dealing a new string its shard. */
function shardToStore(key: string | number): number {
  if (typeof key === 'number') return (key >>> 0) & SHARD_MASK;
  let shard = stringShards.get(key);
  if (shard === undefined) stringShards.set(key, (shard = stringShards.size & SHARD_MASK));
  return shard;
}

export class ShardedMap<K extends string | number, V> implements Iterable<[K, V]> {
  private static readonly EMPTY = new ShardedMap<never, never>(new Array(SHARD_COUNT).fill(undefined), 0);

  /** @internal Use {@link ShardedMap.empty} and {@link ShardedMap.draft}. */
  constructor(
    /** Each shard, or undefined while it holds nothing. Never changed once the map is made. */
    private readonly shards: ReadonlyArray<Map<K, V> | undefined>,
    readonly size: number,
  ) {}

  static empty<K extends string | number, V>(): ShardedMap<K, V> {
    return ShardedMap.EMPTY as unknown as ShardedMap<K, V>;
  }

  get(key: K): V | undefined {
    const shard = shardOf(key);
    return shard === undefined ? undefined : this.shards[shard]?.get(key);
  }

  has(key: K): boolean {
    const shard = shardOf(key);
    return shard !== undefined && this.shards[shard]?.has(key) === true;
  }

  *keys(): IterableIterator<K> {
    for (const shard of this.shards) if (shard) yield* shard.keys();
  }

  *[Symbol.iterator](): IterableIterator<[K, V]> {
    for (const shard of this.shards) if (shard) yield* shard.entries();
  }

  /** A writable copy of this map; {@link ShardedMapDraft.finish} makes the new map. */
  draft(): ShardedMapDraft<K, V> {
    return new ShardedMapDraft(this.shards, this.size, this);
  }
}

/**
 * The writable copy of a {@link ShardedMap}: the shards written to are copied (each once), the
 * others shared. `finish` makes the new map; a draft that wrote nothing finishes as the original.
 */
export class ShardedMapDraft<K extends string | number, V> {
  private copied: Array<Map<K, V> | undefined> | undefined;
  /** 1 for each shard this draft has copied (and may write). */
  private readonly own = new Uint8Array(SHARD_COUNT);
  private result: ShardedMap<K, V> | undefined;

  constructor(
    private readonly shards: ReadonlyArray<Map<K, V> | undefined>,
    private count: number,
    private readonly original: ShardedMap<K, V>,
  ) {}

  get size(): number {
    return this.count;
  }

  get(key: K): V | undefined {
    const shard = shardOf(key);
    return shard === undefined ? undefined : (this.copied ?? this.shards)[shard]?.get(key);
  }

  has(key: K): boolean {
    const shard = shardOf(key);
    return shard !== undefined && (this.copied ?? this.shards)[shard]?.has(key) === true;
  }

  set(key: K, value: V): void {
    const shard = this.writable(shardToStore(key));
    if (!shard.has(key)) this.count++;
    shard.set(key, value);
  }

  delete(key: K): void {
    const index = shardOf(key);
    if (index === undefined || !(this.copied ?? this.shards)[index]?.has(key)) return;
    this.writable(index).delete(key);
    this.count--;
  }

  /** The new map (the same one however often it is asked for); the draft takes no writes after it. */
  finish(): ShardedMap<K, V> {
    if (this.result) return this.result;
    const copied = this.copied;
    if (!copied) return (this.result = this.original);
    for (let index = 0; index < SHARD_COUNT; index++) if (this.own[index] === 1 && copied[index]!.size === 0) copied[index] = undefined;
    return (this.result = new ShardedMap(copied, this.count));
  }

  private writable(index: number): Map<K, V> {
    if (this.result) throw new Error('a finished draft cannot be written to');
    const copied = (this.copied ??= this.shards.slice());
    if (this.own[index] === 0) {
      this.own[index] = 1;
      copied[index] = new Map(this.shards[index]);
    }
    return copied[index]!;
  }
}
