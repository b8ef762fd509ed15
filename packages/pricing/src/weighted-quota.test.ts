import { decimalFromNumber, multiply, productOf, roundHalfAwayFromZero, sumOf, truncate } from './decimal';
import { weightedQuota } from './weighted-quota';

/** The same amount through the BigInt decimals alone. */
function reference(terms: number[], factorA: number, factorB: number, rounding: 'round' | 'truncate'): number {
  const parts = [];
  for (let i = 0; i < terms.length; i += 2) parts.push(productOf(terms[i]!, terms[i + 1]!));
  const total = multiply(sumOf(...parts), productOf(factorA, factorB));
  return rounding === 'round' ? roundHalfAwayFromZero(total) : truncate(total);
}

/** A small deterministic generator, so a failure names its case. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('weightedQuota', () => {
  it('rounds and truncates exact sums where floats fall on the wrong side', () => {
    // 100 × 0.145 = 14.5 exactly → 15 (IEEE: 14.499999999999998); 100 × 0.29 = 29 (IEEE: 28.999999999999996).
    expect(weightedQuota([100, 0.145], 1, 1, 'round')).toBe(15);
    expect(weightedQuota([100, 0.29], 1, 1, 'truncate')).toBe(29);
    // ((1000 − 400) + 400 × 0.5 + 200 × 3) × 2 × 1.5 = 4200
    expect(weightedQuota([600, 1, 400, 0.5, 200, 3], 2, 1.5, 'round')).toBe(4200);
    expect(weightedQuota([0, 0.3, 0, 7], 0.075, 1, 'round')).toBe(0);
  });

  it('agrees with the BigInt decimals on every value, fast or not', () => {
    const random = generator(22);
    const ratios = [0.075, 0.15, 1.25, 37.5, 1 / 3, 10 / 0.15, 0.000001, 4, 0.1, 2.5, 1e-7, 123456.789, 0.3333333333333333];
    const pick = () => ratios[Math.floor(random() * ratios.length)]!;
    const count = () => (random() < 0.1 ? 0 : Math.floor(random() ** 3 * 2_000_000));
    for (let run = 0; run < 5_000; run++) {
      const terms = [count(), 1, count(), pick(), count(), pick(), count(), pick()];
      const [a, b] = [pick(), pick()];
      for (const rounding of ['round', 'truncate'] as const) {
        expect([terms, a, b, rounding, weightedQuota(terms, a, b, rounding)]).toEqual([terms, a, b, rounding, reference(terms, a, b, rounding)]);
      }
    }
  });

  it('falls back to BigInt digits when an amount leaves the safe integers', () => {
    // 9e15 tokens at 1.25 × 1.5: 16,875,000,000,000,000, beyond 2^53 in its digits.
    expect(weightedQuota([9e15, 1.25], 1.5, 1, 'round')).toBe(Number(roundHalfAwayFromZero(multiply(decimalFromNumber(9e15), productOf(1.25, 1.5)))));
    expect(weightedQuota([3, 10 / 0.15], 10 / 0.15, 0.3333333333333333, 'truncate')).toBe(reference([3, 10 / 0.15], 10 / 0.15, 0.3333333333333333, 'truncate'));
  });
});
