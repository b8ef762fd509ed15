import { createHash } from 'node:crypto';

/**
 * Buckets the fingerprints are grouped in, by `id % FINGERPRINT_BUCKETS`. With 10,000 channels a
 * bucket holds about 40, so comparing every channel reads 256 digests, then the rows of only the
 * buckets whose digests differ.
 */
export const FINGERPRINT_BUCKETS = 256;

/** One fingerprint as PostgreSQL computes it: a channel's id and the md5 of what routing reads of it. */
export interface PrintRow {
  id: number;
  fp: string;
}

/** One bucket's digest as PostgreSQL computes it from the fingerprints of its ids. */
export interface BucketRow {
  bucket: number;
  digest: string;
}

/**
 * The SQL that digests each bucket of a fingerprint query (`SELECT id, fp ...`) the way
 * {@link FingerprintBook.digest} does: the md5 of the bucket's fingerprints joined by commas in id
 * order. A bucket with no id has no row.
 */
export function bucketDigestsSql(printsSql: string): string {
  return `SELECT ${bucketSql('p.id')} AS bucket, md5(string_agg(p.fp, ',' ORDER BY p.id)) AS digest
    FROM (${printsSql}) p GROUP BY 1`;
}

/** The SQL expression of {@link bucketOf} for an integer column. */
export function bucketSql(column: string): string {
  return `((${column} % ${FINGERPRINT_BUCKETS}) + ${FINGERPRINT_BUCKETS}) % ${FINGERPRINT_BUCKETS}`;
}

/** The bucket an id's fingerprint belongs to. */
export function bucketOf(id: number): number {
  return ((id % FINGERPRINT_BUCKETS) + FINGERPRINT_BUCKETS) % FINGERPRINT_BUCKETS;
}

/**
 * The fingerprints the relay holds, by id, in the buckets PostgreSQL digests them in, each with its
 * digest computed once and kept until one of its fingerprints changes. Comparing a whole table
 * with it costs one row per bucket when nothing changed, instead of one object per channel.
 */
export class FingerprintBook {
  private readonly buckets: Array<Map<number, string>> = Array.from({ length: FINGERPRINT_BUCKETS }, () => new Map());
  private readonly digests: Array<string | undefined> = new Array(FINGERPRINT_BUCKETS).fill(undefined);

  /** How many fingerprints are held. */
  get size(): number {
    let size = 0;
    for (const bucket of this.buckets) size += bucket.size;
    return size;
  }

  get(id: number): string | undefined {
    return this.buckets[bucketOf(id)]!.get(id);
  }

  set(id: number, fp: string): void {
    const index = bucketOf(id);
    const bucket = this.buckets[index]!;
    if (bucket.get(id) === fp) return;
    bucket.set(id, fp);
    this.digests[index] = undefined;
  }

  delete(id: number): void {
    const index = bucketOf(id);
    if (this.buckets[index]!.delete(id)) this.digests[index] = undefined;
  }

  /** The bucket's digest, as {@link bucketDigestsSql} computes it; undefined for an empty bucket. */
  digest(bucket: number): string | undefined {
    const prints = this.buckets[bucket]!;
    if (prints.size === 0) return undefined;
    let digest = this.digests[bucket];
    if (digest === undefined) {
      const ids = [...prints.keys()].sort((a, b) => a - b);
      digest = createHash('md5')
        .update(ids.map((id) => prints.get(id)).join(','))
        .digest('hex');
      this.digests[bucket] = digest;
    }
    return digest;
  }

  /**
   * Computes every bucket's digest now: after the first load, while the relay starts, so the first
   * comparison does not compute 256 of them (several milliseconds, on code not yet optimised)
   * while requests wait.
   */
  digestAll(): void {
    for (let bucket = 0; bucket < FINGERPRINT_BUCKETS; bucket++) this.digest(bucket);
  }

  /** The buckets whose digest in `read` (one row per non-empty bucket) differs from the one held. */
  differingBuckets(read: readonly BucketRow[]): number[] {
    const seen = new Set<number>();
    const differing: number[] = [];
    for (const { bucket, digest } of read) {
      seen.add(bucket);
      if (this.digest(bucket) !== digest) differing.push(bucket);
    }
    for (let bucket = 0; bucket < FINGERPRINT_BUCKETS; bucket++) {
      if (!seen.has(bucket) && this.buckets[bucket]!.size > 0) differing.push(bucket);
    }
    return differing;
  }

  /**
   * Adds to `into` the ids of `buckets` whose fingerprint in `read` (every row of those buckets)
   * differs from the one held: added, changed or gone.
   */
  changedIn(buckets: readonly number[], read: readonly PrintRow[], into: Set<number>): void {
    const seen = new Set<number>();
    for (const { id, fp } of read) {
      seen.add(id);
      if (this.get(id) !== fp) into.add(id);
    }
    for (const bucket of buckets) for (const id of this.buckets[bucket]!.keys()) if (!seen.has(id)) into.add(id);
  }
}
