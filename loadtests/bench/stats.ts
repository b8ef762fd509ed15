import type { LatencySummary } from './types';

/**
 * A growable array of float64 samples. A run at tens of thousands of requests per second records
 * hundreds of thousands of durations; a typed array keeps that to a few MB with no per-sample
 * object, so recording does not disturb the load generator it runs in.
 */
export class SampleBuffer {
  private data: Float64Array;
  private size = 0;

  constructor(initialCapacity = 16_384) {
    this.data = new Float64Array(Math.max(1, initialCapacity));
  }

  get length(): number {
    return this.size;
  }

  push(value: number): void {
    if (this.size === this.data.length) {
      const grown = new Float64Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.size++] = value;
  }

  /** A sorted copy of the samples. */
  sorted(): Float64Array {
    return this.data.slice(0, this.size).sort();
  }
}

/**
 * The q-quantile (0 < q ≤ 1) of ascending `sorted` values by the nearest-rank method: the
 * smallest sample with at least q of all samples at or below it. It never interpolates, so
 * every reported percentile is a latency that was actually observed.
 */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) throw new RangeError('percentile of no samples');
  if (!(q > 0 && q <= 1)) throw new RangeError(`quantile must be in (0, 1], got ${q}`);
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** p50, p99, mean and max of a set of durations; null when there are none. */
export function summarize(samples: SampleBuffer | readonly number[]): LatencySummary | null {
  const sorted = samples instanceof SampleBuffer ? samples.sorted() : Float64Array.from(samples).sort();
  if (sorted.length === 0) return null;
  let sum = 0;
  for (const value of sorted) sum += value;
  return {
    count: sorted.length,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    mean: sum / sorted.length,
    max: sorted[sorted.length - 1]!,
  };
}
