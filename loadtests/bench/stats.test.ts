import { percentile, SampleBuffer, summarize } from './stats';

describe('percentile (nearest rank)', () => {
  const oneToHundred = Array.from({ length: 100 }, (_, i) => i + 1);

  it('returns observed values, never interpolations', () => {
    expect(percentile(oneToHundred, 0.5)).toBe(50);
    expect(percentile(oneToHundred, 0.99)).toBe(99);
    expect(percentile(oneToHundred, 1)).toBe(100);
    expect(percentile([1, 2], 0.5)).toBe(1);
    expect(percentile([0.1, 0.2, 0.3], 0.5)).toBe(0.2);
  });

  it('takes the top sample for p99 of fewer than 100 samples', () => {
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.99)).toBe(10);
  });

  it('handles a single sample and rejects nonsense', () => {
    expect(percentile([7], 0.5)).toBe(7);
    expect(() => percentile([], 0.5)).toThrow(RangeError);
    expect(() => percentile([1], 0)).toThrow(RangeError);
    expect(() => percentile([1], 1.5)).toThrow(RangeError);
  });
});

describe('summarize', () => {
  it('sorts numerically and reports p50, p99, mean and max', () => {
    expect(summarize([10, 2, 1, 3])).toEqual({ count: 4, p50: 2, p99: 10, mean: 4, max: 10 });
  });

  it('is null without samples', () => {
    expect(summarize([])).toBeNull();
    expect(summarize(new SampleBuffer())).toBeNull();
  });
});

describe('SampleBuffer', () => {
  it('grows past its first capacity and keeps every sample', () => {
    const buffer = new SampleBuffer(2);
    for (const value of [5, 0.25, 3, 1, 4]) buffer.push(value);
    expect(buffer.length).toBe(5);
    expect(Array.from(buffer.sorted())).toEqual([0.25, 1, 3, 4, 5]);
    expect(summarize(buffer)?.p50).toBe(3);
  });
});
